import { decimal, type Decimal } from '@payout/money';
import { addressProblem } from '@payout/rails';
import type { RefundRequestedV1 } from '@shared/contracts';

// What chain-watchers recorded of the deposit a refund request names, and what it has already
// committed to give back from it (refunds requested or sent; failed ones moved nothing).
export interface RecordedDeposit {
  readonly cryptoCurrency: string;
  readonly sender: string;
  readonly amount: string;
  readonly alreadyRefunded: string;
}

const POSITIVE_DECIMAL = /^\d+(\.\d+)?$/;

// Why a refund must not be sent, or null when it may. Money leaves the hot wallet only for a
// deposit this service itself saw arrive, back to whoever sent it (or, for a held transfer, to
// where an operator named), in its currency, and never more in all than arrived: an event alone
// (replayed, misrouted, of another deployment) never moves money.
export function refundRefusal(request: RefundRequestedV1, deposit: RecordedDeposit | null): string | null {
  if (!isPositiveAmount(request.amount)) return 'refund amount is not a positive decimal';
  if (deposit === null) return 'deposit not recorded by chain-watchers';
  if (request.cryptoCurrency !== deposit.cryptoCurrency) return 'refund currency differs from the deposit';
  if (request.destination !== deposit.sender) {
    if (!operatorNamedDestination(request)) return "refund destination is not the deposit's sender";
    if (addressProblem(request.blockchain, request.destination))
      return 'refund destination is not an address';
  }
  const left: Decimal = decimal(deposit.amount).minus(decimal(deposit.alreadyRefunded));
  if (decimal(request.amount).greaterThan(left)) return 'refund exceeds what the deposit has left to refund';
  return null;
}

// A transfer that funds no transaction may have come from an exchange's shared wallet, where
// the sender cannot credit it back: an operator may then name where it goes. Only such a refund
// (reason UNMATCHED) and only with the operator named; every other refund goes to the sender.
function operatorNamedDestination(request: RefundRequestedV1): boolean {
  const namedBy = request.destinationNamedBy;
  return request.reason === 'UNMATCHED' && typeof namedBy === 'string' && namedBy.trim().length > 0;
}

export function isPositiveAmount(amount: string): boolean {
  return POSITIVE_DECIMAL.test(amount) && !decimal(amount).isZero();
}

// The deposit reference a request must carry (older producers sent none).
export function namesDeposit(request: RefundRequestedV1): boolean {
  return (
    typeof request.depositOnChainTx === 'string' &&
    request.depositOnChainTx.length > 0 &&
    request.depositOnChainTx.length <= 128 &&
    Number.isSafeInteger(request.depositTransferIndex) &&
    request.depositTransferIndex >= 0
  );
}
