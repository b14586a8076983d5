import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { RequestContext } from '@platform/logging';
import { Clock, IdGenerator } from '@shared/util';
import { ReconcileAuditEntity } from './reconcile-audit.entity.js';

const ACTOR = /^[\x20-\x7e]{1,100}$/;

// The operator named by the X-Operator header (printable, ≤ 100 characters), else "ops".
export function actorOf(header: string | undefined): string {
  return header && ACTOR.test(header) ? header : 'ops';
}

export interface ReconcileAuditRecord {
  readonly actor: string;
  readonly blockchain: ReconcileAuditEntity['blockchain'];
  readonly onChainTx: string;
  readonly requestedTransactionId: string | null;
  readonly result: string;
  readonly transactionId: string | null;
  readonly reason: string | null;
}

@Injectable()
export class ReconcileAuditLog {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {}

  async record(entry: ReconcileAuditRecord): Promise<void> {
    await this.dataSource.getRepository(ReconcileAuditEntity).insert({
      ...entry,
      id: this.ids.uuid(),
      correlationId: RequestContext.current()?.correlationId ?? null,
      requestedAt: this.clock.now(),
    });
  }
}
