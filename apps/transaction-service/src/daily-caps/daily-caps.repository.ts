import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { entityManagerOf, type UnitOfWork } from '@platform/database';
import type { PaymentMethod } from '@shared/contracts';
import type { CapChargeEntity } from './cap-charge.entity.js';
import type { CapScope } from './cap-usage.entity.js';

export interface UsageKey {
  readonly day: string;
  readonly paymentMethod: PaymentMethod;
  readonly scope: CapScope;
  readonly partnerId: string;
  readonly userId: string;
}

export interface Usage {
  // Decimal string in the rail's currency.
  readonly amount: string;
  readonly count: number;
}

export interface UserUsage extends Usage {
  readonly userId: string;
}

const NONE: Usage = { amount: '0', count: 0 };
// The key's columns matched against five parameters starting at $first.
const keyAt = (first: number) =>
  ['day', 'payment_method', 'scope', 'partner_id', 'user_id']
    .map((column, index) => `"${column}" = $${first + index}`)
    .join(' AND ');
const KEY = keyAt(1);
const keyValues = (key: UsageKey) => [key.day, key.paymentMethod, key.scope, key.partnerId, key.userId];
const usageOf = (row: { amount: string; count: number } | undefined): Usage =>
  row ? { amount: row.amount, count: Number(row.count) } : NONE;

// The caps' usage rows and the charges that make them up. Accepts of one scope and day queue on
// its row lock (`lock`), so concurrent accepts on any replica see each other's charges.
@Injectable()
export class DailyCapsRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  // Read without locking: the fast refusal before anything is opened. One statement reads both
  // rows, so they come from one snapshot: two reads could straddle another accept's commit and
  // blame the rail for what the user's own day already refuses.
  async peek(user: UsageKey, rail: UsageKey): Promise<{ user: Usage; rail: Usage }> {
    const rows: Array<{ scope: CapScope; amount: string; count: number }> = await this.dataSource.query(
      `SELECT "scope", "amount", "count" FROM "transaction"."daily_cap_usage"
       WHERE (${KEY}) OR (${keyAt(6)})`,
      [...keyValues(user), ...keyValues(rail)],
    );
    const find = (scope: CapScope) => usageOf(rows.find((row) => row.scope === scope));
    return { user: find(user.scope), rail: find(rail.scope) };
  }

  // The row for the day and scope, created at zero if new, locked until the transaction ends.
  async lock(unit: UnitOfWork, key: UsageKey): Promise<Usage> {
    const manager = entityManagerOf(unit);
    await manager.query(
      `INSERT INTO "transaction"."daily_cap_usage" ("day", "payment_method", "scope", "partner_id", "user_id", "amount", "count")
       VALUES ($1, $2, $3, $4, $5, 0, 0) ON CONFLICT DO NOTHING`,
      keyValues(key),
    );
    const rows: Array<{ amount: string; count: number }> = await manager.query(
      `SELECT "amount", "count" FROM "transaction"."daily_cap_usage" WHERE ${KEY} FOR UPDATE`,
      keyValues(key),
    );
    return usageOf(rows[0]);
  }

  // Adds (or, negative, takes back) an amount and a count; exact numeric arithmetic in the database.
  async add(unit: UnitOfWork, key: UsageKey, amount: string, count: number): Promise<void> {
    await entityManagerOf(unit).query(
      `UPDATE "transaction"."daily_cap_usage" SET "amount" = "amount" + $6::numeric, "count" = "count" + $7 WHERE ${KEY}`,
      [...keyValues(key), amount, count],
    );
  }

  async recordCharge(unit: UnitOfWork, charge: CapChargeEntity): Promise<void> {
    await entityManagerOf(unit).query(
      `INSERT INTO "transaction"."daily_cap_charge" ("transaction_id", "day", "payment_method", "partner_id", "user_id", "amount", "released_at")
       VALUES ($1, $2, $3, $4, $5, $6, NULL)`,
      [
        charge.transactionId,
        charge.day,
        charge.paymentMethod,
        charge.partnerId,
        charge.userId,
        charge.amount,
      ],
    );
  }

  // Marks the transaction's charge released and answers it; null when it has none or was released.
  async release(unit: UnitOfWork, transactionId: string, at: Date): Promise<CapChargeEntity | null> {
    const [rows]: [Array<Record<string, string>>, number] = await entityManagerOf(unit).query(
      `UPDATE "transaction"."daily_cap_charge" SET "released_at" = $2
       WHERE "transaction_id" = $1 AND "released_at" IS NULL
       RETURNING "transaction_id", "day"::text AS "day", "payment_method", "partner_id", "user_id", "amount"`,
      [transactionId, at],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      transactionId: row['transaction_id']!,
      day: row['day']!,
      paymentMethod: row['payment_method'] as PaymentMethod,
      partnerId: row['partner_id']!,
      userId: row['user_id']!,
      amount: row['amount']!,
      releasedAt: at,
    };
  }

  // A partner's users on one rail and day, most paid first.
  async partnerUsers(
    partnerId: string,
    paymentMethod: PaymentMethod,
    day: string,
    limit: number,
  ): Promise<UserUsage[]> {
    const rows: Array<{ user_id: string; amount: string; count: number }> = await this.dataSource.query(
      `SELECT "user_id", "amount", "count" FROM "transaction"."daily_cap_usage"
       WHERE "day" = $1 AND "payment_method" = $2 AND "scope" = 'user' AND "partner_id" = $3 AND "count" > 0
       ORDER BY "amount" DESC, "user_id" LIMIT $4`,
      [day, paymentMethod, partnerId, limit],
    );
    return rows.map((row) => ({ userId: row.user_id, amount: row.amount, count: Number(row.count) }));
  }

  // The whole partner's total on one rail and day.
  async partnerTotal(partnerId: string, paymentMethod: PaymentMethod, day: string): Promise<Usage> {
    const rows: Array<{ amount: string; count: number }> = await this.dataSource.query(
      `SELECT COALESCE(SUM("amount"), 0)::text AS "amount", COALESCE(SUM("count"), 0)::int AS "count"
       FROM "transaction"."daily_cap_usage"
       WHERE "day" = $1 AND "payment_method" = $2 AND "scope" = 'user' AND "partner_id" = $3`,
      [day, paymentMethod, partnerId],
    );
    return usageOf(rows[0]);
  }
}
