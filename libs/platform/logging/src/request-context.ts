import { type Context, context, createContextKey } from '@opentelemetry/api';
import { installAsyncContext } from './async-context.js';

// What a log line and an outgoing event need to know about the work in progress, carried
// implicitly through async calls so that no signature has to thread it.
export interface RequestContextValues {
  readonly requestId?: string;
  readonly correlationId: string;
}

const VALUES = createContextKey('platform.request-context');

export const RequestContext = {
  // `parent` (the active context when absent) with these values: what `runIn` enters. A request
  // makes one context for its span and its ids, entered once.
  of(values: RequestContextValues, parent?: Context): Context {
    installAsyncContext();
    return (parent ?? context.active()).setValue(VALUES, values);
  },
  runIn<T>(active: Context, work: () => T): T {
    return context.with(active, work);
  },
  run<T>(values: RequestContextValues, work: () => T): T {
    return context.with(RequestContext.of(values), work);
  },
  current(): RequestContextValues | undefined {
    return context.active().getValue(VALUES) as RequestContextValues | undefined;
  },
};
