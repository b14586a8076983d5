import {
  applyDecorators,
  HttpCode,
  RequestMapping,
  RequestMethod,
  SetMetadata,
  UseInterceptors,
} from '@nestjs/common';
import { DirectRoute, Public } from '@platform/http';
import { chatParamsReader } from './chat-body.reader.js';
import { ChatEnvelopeInterceptor } from './chat-envelope.interceptor.js';
import {
  CHAT_API_PREFIX,
  CHAT_ROUTE,
  type ChatAccess,
  type ChatMethod,
  type ChatRouteDefinition,
} from './chat-route.js';

export interface ChatEndpointOptions {
  // Default `user`.
  readonly access?: ChatAccess;
  // Default true.
  readonly rateLimited?: boolean;
  // Served ahead of Express (the platform's @DirectRoute), for the few endpoints clients call
  // by the thousand per second; needs a fixed path. Default false.
  readonly direct?: boolean;
  // Takes an uploaded file (a multipart file part), so its body may exceed MAX_BODY_BYTES up to
  // the upload size limit. Default false.
  readonly takesFile?: boolean;
}

// One instance for every endpoint: the envelope keeps no state, and an instance (not a class)
// is what a direct route can run.
const envelope = new ChatEnvelopeInterceptor();

// Declares one Zulip endpoint under /api/v1. The platform sees it as @Public because the gateway
// forwards chat requests untouched and chat-api authenticates its own users: the access level
// recorded here is enforced by the auth feature's global guard. The handler returns the success
// fields only; the envelope adds `result`, `msg` and `ignored_parameters_unsupported`.
export function ChatEndpoint(method: ChatMethod, path: string, options: ChatEndpointOptions = {}) {
  const access = options.access ?? 'user';
  const definition: ChatRouteDefinition = {
    method,
    path,
    access,
    rateLimited: options.rateLimited ?? true,
    takesFile: options.takesFile ?? false,
  };
  return applyDecorators(
    RequestMapping({ path: `${CHAT_API_PREFIX}/${path}`, method: RequestMethod[method] }),
    HttpCode(200),
    SetMetadata(CHAT_ROUTE, definition),
    Public(),
    UseInterceptors(envelope),
    ...(options.direct ? [DirectRoute({ reader: chatParamsReader })] : []),
  );
}
