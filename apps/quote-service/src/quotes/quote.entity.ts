import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { RouteColumns } from '../core/routes/route.columns.js';

export enum QuoteKind {
  PAYOUT = 'PAYOUT',
  REVERSE = 'REVERSE',
  ONRAMP = 'ONRAMP',
}

// A price given to a partner, with the fee schedule and the rate it was computed from, so that
// accepting it later needs no recomputation and disputes can be answered.
@Entity({ name: 'quote' })
@Index('quote_partner_idx', ['partnerId', 'createdAt'])
export class QuoteEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'partner_id', type: 'uuid' })
  partnerId!: string;

  @Column({ type: 'varchar', length: 12 })
  kind!: QuoteKind;

  @Column(() => RouteColumns, { prefix: false })
  route!: RouteColumns;

  // Crypto sent (payout) or received (onramp), fee included.
  @Column({ name: 'crypto_amount', type: 'numeric', precision: 30, scale: 6 })
  cryptoAmount!: string;

  // Fiat received (payout) or paid (onramp).
  @Column({ name: 'fiat_amount', type: 'numeric', precision: 20, scale: 2 })
  fiatAmount!: string;

  @Column({ name: 'fee_amount', type: 'numeric', precision: 20, scale: 6 })
  feeAmount!: string;

  @Column({ name: 'fee_type', type: 'varchar', length: 12 })
  feeType!: string;

  @Column({ name: 'fee_basis_points', type: 'int' })
  feeBasisPoints!: number;

  @Column({ name: 'fee_fixed', type: 'numeric', precision: 20, scale: 6 })
  feeFixed!: string;

  // Fiat per unit of crypto.
  @Column({ type: 'numeric', precision: 30, scale: 10 })
  rate!: string;

  @Column({ name: 'rate_source', type: 'varchar', length: 40 })
  rateSource!: string;

  @Column({ name: 'rate_observed_at', type: 'timestamptz' })
  rateObservedAt!: Date;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;
}
