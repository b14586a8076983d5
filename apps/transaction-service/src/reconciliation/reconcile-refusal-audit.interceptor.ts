import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { Request } from 'express';
import { catchError, from, mergeMap, type Observable } from 'rxjs';
import { InvalidRequestError } from '@platform/http';
import type { Blockchain } from '@shared/contracts';
import { actorOf } from '@shared/util';
import { ReconcileAuditsRepository } from './reconcile-audits.repository.js';

// Reconcile calls refused by validation never reach the use case, which audits the rest: this
// records them too, with what could be read of the body, so every call leaves a row.
@Injectable()
export class ReconcileRefusalAuditInterceptor implements NestInterceptor {
  constructor(private readonly audit: ReconcileAuditsRepository) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<Request>();
    return next.handle().pipe(
      catchError((error: unknown) => {
        if (!(error instanceof InvalidRequestError)) throw error;
        const body = (
          typeof request.body === 'object' && request.body !== null ? request.body : {}
        ) as Record<string, unknown>;
        const text = (value: unknown, length: number) =>
          typeof value === 'string' ? value.slice(0, length) : '';
        return from(
          this.audit.record({
            actor: actorOf(request.header('x-operator')),
            blockchain: text(body['blockchain'], 12) as Blockchain,
            onChainTx: text(body['on_chain_tx'], 200),
            requestedTransactionId: null,
            result: 'error:invalid_request',
            transactionId: null,
            reason: error.reason.slice(0, 300),
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
