import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { PreparedStatements } from '@platform/database';
import { QuoteEntity } from './quote.entity.js';

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
  async insert(quote: QuoteEntity): Promise<void> {
    await this.prepared.query(
      `INSERT INTO "quote"."quote" ("id", "partner_id", "kind", "crypto_currency", "blockchain", "payment_method",
        "target_currency", "crypto_amount", "fiat_amount", "fee_amount", "fee_type", "fee_basis_points", "fee_fixed",
        "rate", "rate_source", "rate_observed_at", "created_at", "expires_at")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)`,
      [
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
      ],
    );
  }
}
