import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { TransactionStatus } from '@shared/contracts';

// What the KYC threshold counts: a user's completed payouts, read from the transactions table
// (the gate sits below the transactions feature, which asks it before it accepts a quote).
@Injectable()
export class CompletedPayoutsQuery {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  // Crypto paid out to a user in transactions completed since `since`, as a decimal string.
  async completedVolume(partnerId: string, userId: string, since: Date): Promise<string> {
    const rows: Array<{ volume: string | null }> = await this.dataSource.query(
      `SELECT SUM("source_amount")::text AS "volume" FROM "transaction"."transaction"
       WHERE "partner_id" = $1 AND "user_id" = $2 AND "status" = $3 AND "status_changed_at" >= $4`,
      [partnerId, userId, TransactionStatus.PAYMENT_COMPLETED, since],
    );
    return rows[0]?.volume ?? '0';
  }
}
