import { Column, Entity, Index, PrimaryColumn, Unique } from 'typeorm';
import type {
  Blockchain,
  CryptoCurrency,
  PaymentMethod,
  TargetCurrency,
  TransactionStatus,
} from '@shared/contracts';

// An accepted quote: who is paid where, what must arrive on which chain and address, and where
// it stands. One transaction per quote, enforced here rather than by the callers.
@Entity({ name: 'transaction' })
@Unique('transaction_quote', ['quoteId'])
@Unique('transaction_reference', ['reference'])
@Index('transaction_partner_user_idx', ['partnerId', 'userId', 'createdAt'])
// The console's reads (list, CSV export, figures): a partner's transactions newest first, the id
// breaking ties so the export's batches can start where the last one ended.
@Index('transaction_partner_created_idx', ['partnerId', 'createdAt', 'id'])
export class TransactionEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'partner_id', type: 'uuid' })
  partnerId!: string;

  // The partner's user id given at acceptance (a wallet address for Bearer callers).
  @Column({ name: 'user_id', type: 'varchar', length: 128 })
  userId!: string;

  @Column({ name: 'quote_id', type: 'uuid' })
  quoteId!: string;

  @Column({ type: 'varchar', length: 24 })
  status!: TransactionStatus;

  // Base64 of the id's 16 bytes: the Stellar memo.
  @Column({ type: 'varchar', length: 24 })
  reference!: string;

  // The recipient's personal data, sealed by RecipientVault (iv | tag | ciphertext). The account
  // key is normalised; null for a dynamic PIX QR code, which carries a URL instead.
  @Column({ name: 'account_number', type: 'bytea', nullable: true })
  accountNumber!: Buffer | null;

  @Column({ name: 'qr_code', type: 'bytea', nullable: true })
  qrCode!: Buffer | null;

  @Column({ name: 'tax_id', type: 'bytea', nullable: true })
  taxId!: Buffer | null;

  @Column({ name: 'redirect_url', type: 'varchar', length: 2048, nullable: true })
  redirectUrl!: string | null;

  // The quote's route and amounts as accepted.
  @Column({ name: 'crypto_currency', type: 'varchar', length: 12 })
  cryptoCurrency!: CryptoCurrency;

  @Column({ type: 'varchar', length: 12 })
  blockchain!: Blockchain;

  @Column({ name: 'payment_method', type: 'varchar', length: 12 })
  paymentMethod!: PaymentMethod;

  @Column({ name: 'target_currency', type: 'varchar', length: 12 })
  targetCurrency!: TargetCurrency;

  // Crypto to send, fee included.
  @Column({ name: 'source_amount', type: 'numeric', precision: 30, scale: 6 })
  sourceAmount!: string;

  // Fiat the recipient receives.
  @Column({ name: 'target_amount', type: 'numeric', precision: 20, scale: 2 })
  targetAmount!: string;

  // The quote's fee (crypto, inside sourceAmount) and rate (fiat per unit of crypto) as accepted,
  // for support to explain an amount; null for transactions accepted before they were kept.
  @Column({ name: 'fee_amount', type: 'numeric', precision: 20, scale: 6, nullable: true })
  feeAmount!: string | null;

  @Column({ type: 'numeric', precision: 30, scale: 10, nullable: true })
  rate!: string | null;

  @Column({ name: 'quote_expires_at', type: 'timestamptz' })
  quoteExpiresAt!: Date;

  // Where the deposit must go and in which token, as told to the client at acceptance.
  @Column({ name: 'deposit_address', type: 'varchar', length: 120 })
  depositAddress!: string;

  @Column({ name: 'mint_address', type: 'varchar', length: 120 })
  mintAddress!: string;

  @Column({ type: 'int' })
  decimals!: number;

  @Column({ name: 'on_chain_tx_hash', type: 'varchar', length: 200, nullable: true })
  onChainTxHash!: string | null;

  // The sequence of the last event published for this transaction.
  @Column({ name: 'event_sequence', type: 'int' })
  eventSequence!: number;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'status_changed_at', type: 'timestamptz' })
  statusChangedAt!: Date;

  // The W3C traceparent of the request that created it: whatever happens later on its behalf
  // (its deposit, expiry, payout, refunds) continues that trace, so a payout is one trace. Null
  // for transactions created before it was kept, or with tracing off.
  @Column({ type: 'varchar', length: 55, nullable: true })
  traceparent!: string | null;
}
