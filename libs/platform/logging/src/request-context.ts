import { AsyncLocalStorage } from 'node:async_hooks';

// What a log line and an outgoing event need to know about the work in progress, carried
// implicitly through async calls so that no signature has to thread it.
export interface RequestContextValues {
  readonly requestId?: string;
  readonly correlationId: string;
}

const storage = new AsyncLocalStorage<RequestContextValues>();

export const RequestContext = {
  run<T>(values: RequestContextValues, work: () => T): T {
    return storage.run(values, work);
  },
  current(): RequestContextValues | undefined {
    return storage.getStore();
  },
};
