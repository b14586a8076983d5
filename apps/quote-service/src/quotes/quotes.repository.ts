import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { PreparedStatements } from '@platform/database';
import { QuoteEntity } from './quote.entity.js';

const QUOTE_COLUMNS = `"id", "partner_id", "kind", "crypto_currency", "blockchain", "payment_method",
  "target_currency", "crypto_amount", "fiat_amount", "fee_amount", "fee_type", "fee_basis_points", "fee_fixed",
  "rate", "rate_source", "rate_observed_at", "created_at", "expires_at"`;
const QUOTE_VALUES = '$1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18';

const INSERT_QUOTE = `INSERT INTO "quote"."quote" (${QUOTE_COLUMNS}) VALUES (${QUOTE_VALUES})`;

// The rail is the quote's payment method ($6) and target currency ($7); its fiat amount ($9) is
// what the cap bounds. A rail without a row, or without a per-transaction cap, is uncapped.
const INSERT_QUOTE_WITHIN_CAP = `WITH "cap" AS (
    SELECT "per_transaction" FROM "quote"."rail_cap" WHERE "payment_method" = $6 AND "target_currency" = $7
  ), "inserted" AS (
    INSERT INTO "quote"."quote" (${QUOTE_COLUMNS}) SELECT ${QUOTE_VALUES}
    WHERE NOT EXISTS (SELECT 1 FROM "cap" WHERE "per_transaction" < $9)
    RETURNING 1
  )
  SELECT (SELECT "per_transaction" FROM "cap") AS "perTransaction", EXISTS (SELECT 1 FROM "inserted") AS "inserted"`;

@Injectable()
export class QuotesRepository {
  private readonly prepared: PreparedStatements;

  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {
    this.prepared = new PreparedStatements(dataSource, 'quote');
  }

  // Scoped by partner: another partner's quote id finds nothing.
  findForPartner(partnerId: string, quoteId: string): Promise<QuoteEntity | null> {
    return this.dataSource.getRepository(QuoteEntity).findOneBy({ id: quoteId, partnerId });
  }

  // Every quote is one insert: a prepared statement, as the query builder costs more than it.
  insert(quote: QuoteEntity): Promise<void> {
    return this.prepared.query(INSERT_QUOTE, valuesOf(quote)).then(() => undefined);
  }

  // A payout quote is stored only within its rail's per-transaction cap, read by the same
  // statement (one round trip instead of two): null once stored, else the cap it exceeds. The cap
  // is read as it is now, so a change holds from the next quote.
  insertWithinCap(quote: QuoteEntity): Promise<string | null> {
    return this.prepared
      .query<{ perTransaction: string | null; inserted: boolean }>(INSERT_QUOTE_WITHIN_CAP, valuesOf(quote))
      .then(([outcome]) => (outcome!.inserted ? null : outcome!.perTransaction));
  }
}

function valuesOf(quote: QuoteEntity): unknown[] {
  return [
    quote.id,
    quote.partnerId,
    quote.kind,
    quote.route.cryptoCurrency,
    quote.route.blockchain,
    quote.route.paymentMethod,
    quote.route.targetCurrency,
    quote.cryptoAmount,
    quote.fiatAmount,
    quote.feeAmount,
    quote.feeType,
    quote.feeBasisPoints,
    quote.feeFixed,
    quote.rate,
    quote.rateSource,
    quote.rateObservedAt,
    quote.createdAt,
    quote.expiresAt,
  ];
}
