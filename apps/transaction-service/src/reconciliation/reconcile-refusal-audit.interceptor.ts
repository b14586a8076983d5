import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import type { Blockchain } from '@shared/contracts';
import { actorOf } from '@shared/util';
import { RefusalAuditInterceptor } from '../core/http/refusal-audit.interceptor.js';
import { ReconcileAuditsRepository } from './reconcile-audits.repository.js';

// Reconcile calls refused by validation leave their audit row too.
@Injectable()
export class ReconcileRefusalAuditInterceptor extends RefusalAuditInterceptor {
  constructor(private readonly audit: ReconcileAuditsRepository) {
    super();
  }

  protected async recordRefusal(
    request: Request,
    body: Readonly<Record<string, unknown>>,
    reason: string,
  ): Promise<void> {
    const text = (value: unknown, length: number) =>
      typeof value === 'string' ? value.slice(0, length) : '';
    await this.audit.record({
      actor: actorOf(request.header('x-operator')),
      blockchain: text(body['blockchain'], 12) as Blockchain,
      onChainTx: text(body['on_chain_tx'], 200),
      requestedTransactionId: null,
      result: 'error:invalid_request',
      transactionId: null,
      reason: reason.slice(0, 300),
    });
  }
}
