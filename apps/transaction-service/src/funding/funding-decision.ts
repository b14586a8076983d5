import { decimal } from '@payout/money';
import { chainRail, sameAddress } from '@payout/rails';
import { TransactionStatus, type Blockchain, type CryptoCurrency } from '@shared/contracts';

// What a transaction expects to receive, as accepted.
export interface FundingTarget {
  readonly blockchain: Blockchain;
  readonly cryptoCurrency: CryptoCurrency;
  readonly depositAddress: string;
  // Issuer on Stellar, mint on Solana, token contract on Celo.
  readonly mintAddress: string;
  // Decimal string.
  readonly sourceAmount: string;
  readonly status: TransactionStatus;
  readonly createdAt: Date;
  readonly quoteExpiresAt: Date;
}

// One transfer as chain-watchers reports it (`DepositDetectedV1` or a verify fact).
export interface FundingTransfer {
  readonly blockchain: Blockchain;
  readonly cryptoCurrency: CryptoCurrency;
  // `issuer:code` on Stellar, mint on Solana, token contract on Celo.
  readonly asset: string;
  readonly depositAddress: string;
  // Decimal string in whole tokens.
  readonly amount: string;
  // ISO 8601.
  readonly confirmedAt: string;
}

export type FundingDecision =
  // The transfer is not this transaction's: nothing happens to the transaction.
  | { readonly kind: 'refuse'; readonly reason: string }
  // Enough arrived in time: PROCESSING_PAYMENT; `excess` (or null) goes back to the sender.
  | { readonly kind: 'fund'; readonly excess: string | null }
  // Less than quoted: WRONG_AMOUNT and the whole transfer goes back.
  | { readonly kind: 'wrong_amount' }
  // Arrived after the quote expired: PAYMENT_EXPIRED and the whole transfer goes back.
  | { readonly kind: 'expired' }
  // The transaction no longer waits (already funded, refused or expired): the whole transfer goes
  // back, the status stays.
  | { readonly kind: 'refund_only'; readonly refundReason: 'EXPIRED' | 'EXCESS' };

// How the transaction was found for the transfer: by where the transfer went (the transaction's
// own deposit address, or the shared one and the Stellar memo), or named by an operator who
// assigns a held transfer and answers for the match. The address rule is then not applied: on
// Solana and Celo the transfer sits at another transaction's address (or the shared one), and is
// swept to the treasury all the same. Every other rule is.
export type FundingMatch = 'by_destination' | 'by_operator';

// Ledger close times have second precision and our clock is not the chain's: a transfer stamped
// up to this long before the transaction was created still counts as made for it.
export const CLOCK_SKEW_MS = 60_000;

// Does this transfer fund this transaction, and what follows? Pure: every rule of the funding
// table lives here.
export function decideFunding(
  target: FundingTarget,
  transfer: FundingTransfer,
  match: FundingMatch = 'by_destination',
): FundingDecision {
  if (transfer.blockchain !== target.blockchain) {
    return refuse(`The transfer is on ${transfer.blockchain}; this transaction expects ${target.blockchain}`);
  }
  if (
    match === 'by_destination' &&
    !sameAddress(target.blockchain, transfer.depositAddress, target.depositAddress)
  ) {
    return refuse(
      `The transfer went to ${transfer.depositAddress}, not to this transaction's deposit address ${target.depositAddress}`,
    );
  }
  if (
    transfer.cryptoCurrency !== target.cryptoCurrency ||
    !sameAddress(target.blockchain, mintOf(transfer), target.mintAddress)
  ) {
    return refuse(
      `The transfer moved ${transfer.cryptoCurrency} (${mintOf(transfer)}); this transaction expects ${target.cryptoCurrency} (${target.mintAddress})`,
    );
  }
  const confirmedAt = new Date(transfer.confirmedAt);
  if (confirmedAt.getTime() < target.createdAt.getTime() - CLOCK_SKEW_MS) {
    return refuse(`The transfer was confirmed at ${transfer.confirmedAt}, before this transaction existed`);
  }
  if (target.status !== TransactionStatus.AWAITING_PAYMENT) {
    return {
      kind: 'refund_only',
      refundReason: target.status === TransactionStatus.PAYMENT_EXPIRED ? 'EXPIRED' : 'EXCESS',
    };
  }
  if (confirmedAt.getTime() > target.quoteExpiresAt.getTime()) return { kind: 'expired' };
  const received = decimal(transfer.amount);
  const quoted = decimal(target.sourceAmount);
  if (received.lessThan(quoted)) return { kind: 'wrong_amount' };
  const excess = received.minus(quoted);
  return { kind: 'fund', excess: excess.isZero() ? null : excess.toFixed() };
}

// The token as the transaction recorded it (Stellar's issuer of `issuer:code`, a mint, a contract).
function mintOf(transfer: FundingTransfer): string {
  return chainRail(transfer.blockchain).tokenIdOf(transfer.asset);
}

const refuse = (reason: string): FundingDecision => ({ kind: 'refuse', reason });
