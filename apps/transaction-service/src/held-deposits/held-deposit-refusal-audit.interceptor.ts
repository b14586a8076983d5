import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { actorOf } from '@shared/util';
import { RefusalAuditInterceptor } from '../core/http/refusal-audit.interceptor.js';
import { HeldDepositAuditsRepository } from './held-deposit-audits.repository.js';

// Refund and assign requests refused by validation leave their audit row too.
@Injectable()
export class HeldDepositRefusalAuditInterceptor extends RefusalAuditInterceptor {
  constructor(private readonly audits: HeldDepositAuditsRepository) {
    super();
  }

  protected async recordRefusal(
    request: Request,
    body: Readonly<Record<string, unknown>>,
    reason: string,
  ): Promise<void> {
    const action = request.path.endsWith('/assign') ? 'assign' : 'refund';
    const target = body[action === 'assign' ? 'transaction_id' : 'destination'];
    await this.audits.record({
      actor: actorOf(request.header('x-operator')),
      action,
      depositId: String(request.params['id'] ?? ''),
      target: typeof target === 'string' ? target : null,
      result: 'error:invalid_request',
      reason,
    });
  }
}
