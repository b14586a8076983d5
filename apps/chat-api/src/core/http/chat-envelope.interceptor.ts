import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { map, type Observable } from 'rxjs';
import type { ChatRequest } from './chat-request.js';
import type { RequestParams } from './request-params.js';

// `client` is read by Zulip's request-logging layer on every request, so it is never "ignored".
const ALWAYS_PROCESSED = new Set(['client']);

// Wraps a handler's fields in Zulip's success envelope. Errors never pass here: the presenter
// renders them, without `ignored_parameters_unsupported`.
@Injectable()
export class ChatEnvelopeInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<ChatRequest>();
    return next
      .handle()
      .pipe(
        map((fields: object | undefined) =>
          successEnvelope(fields, request.chatParams, request.chatProcessed ?? new Set()),
        ),
      );
  }
}

// Zulip's success answer: the endpoint's fields, and the names sent that it did not read.
export function successEnvelope(
  fields: object | undefined,
  params: RequestParams | undefined,
  processed: ReadonlySet<string>,
): object {
  const ignored = [...(params?.names() ?? [])]
    .filter((name) => !processed.has(name) && !ALWAYS_PROCESSED.has(name))
    .sort();
  return {
    result: 'success',
    msg: '',
    ...fields,
    ...(ignored.length > 0 ? { ignored_parameters_unsupported: ignored } : {}),
  };
}
