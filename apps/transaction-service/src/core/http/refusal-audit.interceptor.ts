import type { CallHandler, ExecutionContext, NestInterceptor } from '@nestjs/common';
import type { Request } from 'express';
import { catchError, from, mergeMap, type Observable } from 'rxjs';
import { InvalidRequestError } from '@platform/http';

// An operator's request refused by validation never reaches its use case, which audits the rest:
// a subclass records it too, with what could be read of the request, so every request leaves a
// row. The refusal still answers as it would have.
export abstract class RefusalAuditInterceptor implements NestInterceptor {
  protected abstract recordRefusal(
    request: Request,
    body: Readonly<Record<string, unknown>>,
    reason: string,
  ): Promise<void>;

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<Request>();
    return next.handle().pipe(
      catchError((error: unknown) => {
        if (!(error instanceof InvalidRequestError)) throw error;
        const body = (
          typeof request.body === 'object' && request.body !== null ? request.body : {}
        ) as Record<string, unknown>;
        return from(this.recordRefusal(request, body, error.reason)).pipe(
          mergeMap(() => {
            throw error;
          }),
        );
      }),
    );
  }
}
