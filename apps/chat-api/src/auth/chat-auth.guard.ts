import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Response } from 'express';
import { CHAT_ROUTE, type ChatRouteDefinition } from '../core/http/chat-route.js';
import type { ChatRequest } from '../core/http/chat-request.js';
import { ChatRequestAuthorizer } from './chat-request-authorizer.js';

// The caller of a @ChatEndpoint that needs a user (ChatRequestAuthorizer), kept on the request
// for @CurrentCaller.
@Injectable()
export class ChatAuthGuard implements CanActivate {
  constructor(
    private readonly authorizer: ChatRequestAuthorizer,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<ChatRequest>();
    // Always there: @ChatEndpoint, the only place this guard is applied, declares the route.
    const route = this.reflector.get<ChatRouteDefinition>(CHAT_ROUTE, context.getHandler());
    request.chatCaller = await this.authorizer.authorize(
      request,
      context.switchToHttp().getResponse<Response>(),
      route,
    );
    return true;
  }
}
