import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { ServerResponse } from 'node:http';
import { CHAT_ROUTE, type ChatRouteDefinition } from '../core/http/chat-route.js';
import type { ChatRequest } from '../core/http/chat-request.js';
import { ChatRequestAuthorizer } from './chat-request-authorizer.js';

// Bound globally (APP_GUARD), so @ChatEndpoint declares an access level without knowing who
// checks it. Endpoints without credentials are limited per client address; the others get their
// caller (ChatRequestAuthorizer), kept on the request for @CurrentCaller. Routes that are not
// chat endpoints (health, metrics, ops, internal) are left to the platform's identity guard.
@Injectable()
export class ChatAccessGuard implements CanActivate {
  constructor(
    private readonly authorizer: ChatRequestAuthorizer,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const route = this.reflector.get<ChatRouteDefinition | undefined>(CHAT_ROUTE, context.getHandler());
    if (!route) return true;
    const request = context.switchToHttp().getRequest<ChatRequest>();
    const response = context.switchToHttp().getResponse<ServerResponse>();
    if (route.access === 'none') this.authorizer.limitAnonymous(request, response);
    else request.chatCaller = await this.authorizer.authorize(request, response, route);
    return true;
  }
}
