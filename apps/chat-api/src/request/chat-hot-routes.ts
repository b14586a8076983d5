import { Inject, Injectable } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpConfig, labelRoute, presentError, sendJson } from '@platform/http';
import { LOGGER, type Logger } from '@platform/logging';
import { ChatRequestAuthorizer } from '../auth/chat-request-authorizer.js';
import { chatErrorPresenter } from '../core/http/chat-error.presenter.js';
import { readRequestParams } from '../core/http/chat-body.reader.js';
import { successEnvelope } from '../core/http/chat-envelope.interceptor.js';
import { CHAT_HOT_ENDPOINTS, type ChatHotEndpoint } from './chat-hot-endpoint.js';
import { CHAT_API_PREFIX } from '../core/http/chat-route.js';
import { parseParams } from '../core/http/param-declarations.js';

interface HotRoute {
  readonly endpoint: ChatHotEndpoint;
  // The metrics label Express would give the route.
  readonly label: string;
}

// chat-api's front door: the hot endpoints are answered before Express and Nest see the
// request. At a thousand typing notifications per second, the framework's layers (router,
// guards, interceptors, observables) cost more CPU than the endpoint itself. Each step is the
// one the Nest route takes, in the same order, so the answers are the same: parameters read,
// then the caller authenticated, rate limited and checked for access, then the parameters
// parsed, then the handler, the success envelope or the chat error presenter. Every other
// request falls through to Express (unknown paths and wrong methods included).
@Injectable()
export class ChatHotRoutes {
  private readonly routes = new Map<string, HotRoute>();
  private readonly maxBodyBytes: number;

  constructor(
    @Inject(CHAT_HOT_ENDPOINTS) endpoints: readonly ChatHotEndpoint[],
    private readonly authorizer: ChatRequestAuthorizer,
    http: HttpConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.maxBodyBytes = http.MAX_BODY_BYTES;
    for (const endpoint of endpoints) {
      const path = `${CHAT_API_PREFIX}/${endpoint.route.path}`;
      const route = { endpoint, label: path };
      // Express matches a path with or without a trailing slash.
      this.routes.set(`${endpoint.route.method} ${path}`, route);
      this.routes.set(`${endpoint.route.method} ${path}/`, route);
    }
  }

  handle(request: IncomingMessage, response: ServerResponse): boolean {
    const url = request.url ?? '';
    const queryStart = url.indexOf('?');
    const route = this.routes.get(`${request.method} ${queryStart < 0 ? url : url.slice(0, queryStart)}`);
    if (!route) return false;
    labelRoute(request, route.label);
    this.serve(route.endpoint, request, response).catch((error: unknown) => {
      if (response.headersSent) return;
      const presented = presentError(chatErrorPresenter, this.logger, error);
      for (const [name, value] of Object.entries(presented.headers ?? {})) response.setHeader(name, value);
      sendJson(response, presented.status, presented.body);
    });
    return true;
  }

  private async serve(
    endpoint: ChatHotEndpoint,
    request: IncomingMessage,
    response: ServerResponse,
  ): Promise<void> {
    const params = await readRequestParams(request, this.maxBodyBytes);
    const caller = await this.authorizer.authorize(request, response, endpoint.route);
    const { values, used } = parseParams(endpoint.params, params);
    const fields = await endpoint.handle(caller, values);
    sendJson(response, 200, successEnvelope(fields, params, new Set(used)));
  }
}
