import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { Request } from 'express';
import { catchError, from, mergeMap, type Observable } from 'rxjs';
import { InvalidRequestError } from '@platform/http';
import { actorOf } from '@shared/util';
import { HeldDepositAuditsRepository } from './held-deposit-audits.repository.js';

// Requests refused by validation never reach the use case, which audits the rest: this records
// them too, with what could be read of the request, so every request leaves a row.
@Injectable()
export class HeldDepositRefusalAuditInterceptor implements NestInterceptor {
  constructor(private readonly audits: HeldDepositAuditsRepository) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<Request>();
    return next.handle().pipe(
      catchError((error: unknown) => {
        if (!(error instanceof InvalidRequestError)) throw error;
        const body = (
          typeof request.body === 'object' && request.body !== null ? request.body : {}
        ) as Record<string, unknown>;
        const action = request.path.endsWith('/assign') ? 'assign' : 'refund';
        const target = body[action === 'assign' ? 'transaction_id' : 'destination'];
        return from(
          this.audits.record({
            actor: actorOf(request.header('x-operator')),
            action,
            depositId: String(request.params['id'] ?? ''),
            target: typeof target === 'string' ? target : null,
            result: 'error:invalid_request',
            reason: error.reason,
          }),
        ).pipe(
          mergeMap(() => {
            throw error;
          }),
        );
      }),
    );
  }
}
