import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Blockchain } from '@shared/contracts';

// What this service did with the transfers it recorded, per chain and currency (decimal strings
// in whole tokens): funded (the quoted amount of each funding deposit whose payout did not fail:
// a failed payout's amount goes back as a refund), refunds sent and in flight, and what is held
// for an operator (transfers matched to nothing, refunds that failed).
export interface PayoutBooks {
  readonly blockchain: Blockchain;
  readonly cryptoCurrency: string;
  readonly funded: string;
  readonly refunded: string;
  readonly refundsInFlight: string;
  readonly held: string;
}

interface BooksRow {
  readonly blockchain: Blockchain;
  readonly crypto_currency: string;
  readonly funded: string;
  readonly refunded: string;
  readonly in_flight: string;
  readonly held: string;
}

@Injectable()
export class PayoutBooksQuery {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async books(): Promise<PayoutBooks[]> {
    const rows: BooksRow[] = await this.dataSource.query(
      `WITH deposits AS (
         SELECT d."blockchain", d."crypto_currency",
           SUM(CASE WHEN d."outcome" = 'FUNDED' AND t."status" <> 'PAYMENT_FAILED'
                    THEN t."source_amount" ELSE 0 END) AS "funded",
           SUM(CASE WHEN d."outcome" = 'UNMATCHED' THEN d."amount" ELSE 0 END) AS "unmatched"
         FROM "transaction"."deposit" d
         LEFT JOIN "transaction"."transaction" t ON t."id" = d."transaction_id"
         GROUP BY 1, 2),
       refunds AS (
         SELECT "blockchain", "crypto_currency",
           SUM(CASE WHEN "status" = 'SENT' THEN "amount" ELSE 0 END) AS "refunded",
           SUM(CASE WHEN "status" = 'REQUESTED' THEN "amount" ELSE 0 END) AS "in_flight",
           SUM(CASE WHEN "status" = 'FAILED' THEN "amount" ELSE 0 END) AS "failed"
         FROM "transaction"."refund"
         GROUP BY 1, 2)
       SELECT COALESCE(d."blockchain", r."blockchain") AS "blockchain",
         COALESCE(d."crypto_currency", r."crypto_currency") AS "crypto_currency",
         COALESCE(d."funded", 0) AS "funded",
         COALESCE(r."refunded", 0) AS "refunded",
         COALESCE(r."in_flight", 0) AS "in_flight",
         COALESCE(d."unmatched", 0) + COALESCE(r."failed", 0) AS "held"
       FROM deposits d FULL OUTER JOIN refunds r
         ON r."blockchain" = d."blockchain" AND r."crypto_currency" = d."crypto_currency"
       ORDER BY 1, 2`,
    );
    return rows.map((row) => ({
      blockchain: row.blockchain,
      cryptoCurrency: row.crypto_currency,
      funded: String(row.funded),
      refunded: String(row.refunded),
      refundsInFlight: String(row.in_flight),
      held: String(row.held),
    }));
  }
}
