import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { map, type Observable } from 'rxjs';
import type { ChatRequest } from './chat-request.js';

// `client` is read by Zulip's request-logging layer on every request, so it is never "ignored".
const ALWAYS_PROCESSED = new Set(['client']);

// Wraps a handler's fields in Zulip's success envelope. Errors never pass here: the presenter
// renders them, without `ignored_parameters_unsupported`.
@Injectable()
export class ChatEnvelopeInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<ChatRequest>();
    return next.handle().pipe(
      map((fields: object | undefined) => {
        const ignored = ignoredParameters(request);
        return {
          result: 'success',
          msg: '',
          ...fields,
          ...(ignored.length > 0 ? { ignored_parameters_unsupported: ignored } : {}),
        };
      }),
    );
  }
}

export function ignoredParameters(request: ChatRequest): string[] {
  const processed = request.chatProcessed ?? new Set<string>();
  return [...(request.chatParams?.names() ?? [])]
    .filter((name) => !processed.has(name) && !ALWAYS_PROCESSED.has(name))
    .sort();
}
