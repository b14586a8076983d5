import { context } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';

let installed = false;

// One AsyncLocalStorage carries everything the work in progress knows: OpenTelemetry's context,
// in which a request's ids are one more value (request-context.ts). On Node 20 every storage is
// copied onto each promise and async resource made, and each is entered once per request: a
// second storage for the ids doubled both. Installed once per process, whether or not tracing is
// on (the ids need the storage either way); idempotent.
export function installAsyncContext(): void {
  if (installed) return;
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  installed = true;
}
