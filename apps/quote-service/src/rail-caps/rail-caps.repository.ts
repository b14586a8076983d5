import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { entityManagerOf, PreparedStatements, type UnitOfWork } from '@platform/database';
import type { PaymentMethod, TargetCurrency } from '@shared/contracts';
import { RailCapEntity } from './rail-cap.entity.js';

export interface RailKey {
  readonly paymentMethod: PaymentMethod;
  readonly targetCurrency: TargetCurrency;
}

// A rail's per-transaction cap on its own: one prepared statement. A payout quote that is stored
// reads it in its insert instead (QuotesRepository.insertWithinCap).
const PER_TRANSACTION_CAP = `SELECT "per_transaction" AS "perTransaction" FROM "quote"."rail_cap"
  WHERE "payment_method" = $1 AND "target_currency" = $2`;

@Injectable()
export class RailCapsRepository {
  private readonly prepared: PreparedStatements;

  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {
    this.prepared = new PreparedStatements(dataSource, 'rail_cap');
  }

  all(): Promise<RailCapEntity[]> {
    return this.dataSource
      .getRepository(RailCapEntity)
      .find({ order: { paymentMethod: 'ASC', targetCurrency: 'ASC' } });
  }

  // The rail's per-transaction cap (a numeric's text); null when uncapped or the rail has no row.
  async perTransactionOf({ paymentMethod, targetCurrency }: RailKey): Promise<string | null> {
    const [row] = await this.prepared.query<Pick<RailCapEntity, 'perTransaction'>>(PER_TRANSACTION_CAP, [
      paymentMethod,
      targetCurrency,
    ]);
    return row?.perTransaction ?? null;
  }

  async save(unit: UnitOfWork, row: RailCapEntity): Promise<void> {
    await entityManagerOf(unit).upsert(RailCapEntity, row, ['paymentMethod', 'targetCurrency']);
  }
}
