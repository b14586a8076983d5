import { CodedError } from '@shared/util';

export enum KybErrorCode {
  KYB_PENDING_LIMIT = 'kyb_pending_limit',
  KYB_REJECTED = 'kyb_rejected',
}

// A transaction the partner's business verification (KYB) does not allow.
export class KybError extends CodedError<KybErrorCode> {}

// The refusals' texts, in one place for the gate that answers them and the API reference.
export const kybRefusals = {
  rejected: () =>
    new KybError(
      KybErrorCode.KYB_REJECTED,
      "This partner's business verification (KYB) was rejected: it cannot create transactions",
    ),
  // Amounts as decimal strings, in `asset` (the quote's source asset).
  pendingLimit: (limit: string, asset: string, completed: string, amount: string) =>
    new KybError(
      KybErrorCode.KYB_PENDING_LIMIT,
      `This partner's business verification (KYB) is pending: its completed transactions are limited to ${limit} ${asset} in all (${completed} so far, this one ${amount}) until it is approved`,
    ),
};

// What the API reference says of the KYB refusals, the limit's text as answered to a pending
// partner under the default KYB_PENDING_LIMIT.
export function kybRefusalsDescription(): string {
  const refusals = [kybRefusals.pendingLimit('100', 'USDC', '80', '25.5'), kybRefusals.rejected()];
  return `Partner KYB (403, not retryable; until operations change the partner's KYB status): ${refusals.map(({ code, reason }) => `\`${code}\` "${reason}"`).join('; ')}.`;
}
