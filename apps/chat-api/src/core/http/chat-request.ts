import type { Request } from 'express';
import type { ChatCaller } from './chat-caller.js';
import type { RequestParams } from './request-params.js';

// What the chat layers attach to a request: the raw parameters (front door), the names the
// endpoint read (parameter decorator) and the authenticated caller (auth guard).
export type ChatRequest = Request & {
  chatParams?: RequestParams;
  chatProcessed?: Set<string>;
  chatCaller?: ChatCaller;
};
