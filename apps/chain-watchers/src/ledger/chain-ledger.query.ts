import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { decimal } from '@payout/money';
import type { Blockchain, ChainLedgerEntry } from '@shared/contracts';

interface LedgerRow {
  readonly blockchain: Blockchain;
  readonly crypto_currency: string;
  readonly received: string;
  readonly treasury_funded: string;
  readonly swept: string;
}

// What the chains showed this service, summed per chain and currency: transfers in (customers'
// deposits apart from the treasury's own funding) and completed sweeps out. A sweep item names
// its token (mint, contract), which the transfers recorded into that chain map to a currency.
@Injectable()
export class ChainLedgerQuery {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async entries(): Promise<ChainLedgerEntry[]> {
    const rows: LedgerRow[] = await this.dataSource.query(
      `WITH seen AS (
         SELECT "blockchain", "crypto_currency",
           SUM(CASE WHEN "kind" = 'DEPOSIT' THEN "amount" ELSE 0 END) AS "received",
           SUM(CASE WHEN "kind" = 'TREASURY' THEN "amount" ELSE 0 END) AS "treasury_funded"
         FROM "chain_watchers"."seen_transfer" GROUP BY 1, 2),
       token AS (
         SELECT DISTINCT "blockchain", "asset", "crypto_currency" FROM "chain_watchers"."seen_transfer"),
       swept AS (
         SELECT s."blockchain", t."crypto_currency", SUM(i."amount") AS "swept"
         FROM "chain_watchers"."sweep_item" i
         JOIN "chain_watchers"."sweep" s ON s."id" = i."sweep_id" AND s."status" = 'SWEPT'
         JOIN token t ON t."blockchain" = s."blockchain" AND t."asset" = i."asset"
         GROUP BY 1, 2)
       SELECT COALESCE(seen."blockchain", swept."blockchain") AS "blockchain",
         COALESCE(seen."crypto_currency", swept."crypto_currency") AS "crypto_currency",
         COALESCE(seen."received", 0) AS "received",
         COALESCE(seen."treasury_funded", 0) AS "treasury_funded",
         COALESCE(swept."swept", 0) AS "swept"
       FROM seen FULL OUTER JOIN swept
         ON swept."blockchain" = seen."blockchain" AND swept."crypto_currency" = seen."crypto_currency"
       ORDER BY 1, 2`,
    );
    return rows.map((row) => ({
      blockchain: row.blockchain,
      cryptoCurrency: row.crypto_currency,
      received: decimal(row.received).toFixed(),
      treasuryFunded: decimal(row.treasury_funded).toFixed(),
      sweptToTreasury: decimal(row.swept).toFixed(),
    }));
  }
}
