import type { ChatCaller } from '../core/accounts/chat-caller.js';
import type { ChatAccess, ChatRouteDefinition } from '../core/http/chat-route.js';
import type { ParamsOf, ParamsSpec } from '../core/http/param-declarations.js';

// An endpoint served by ChatHotRoutes, ahead of Express and Nest: declared like a @ChatEndpoint
// (route, access, parameters in Zulip's order) with a handler that returns the success fields.
// For the few routes clients call by the thousand per second; the others stay controllers.
export interface ChatHotEndpoint<S extends ParamsSpec = ParamsSpec> {
  // A literal path relative to /api/v1 (no `:id` segments), for a caller with credentials.
  readonly route: ChatRouteDefinition & { readonly access: Exclude<ChatAccess, 'none'> };
  readonly params: S;
  handle(caller: ChatCaller, params: ParamsOf<S>): Promise<object>;
}

// Every hot endpoint, listed in the module (a factory over the endpoint providers).
export const CHAT_HOT_ENDPOINTS = Symbol('ChatHotEndpoints');
