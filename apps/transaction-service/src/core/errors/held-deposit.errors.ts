import { CodedError } from '@shared/util';

export enum HeldDepositErrorCode {
  DEPOSIT_NOT_FOUND = 'deposit_not_found',
  DEPOSIT_ALREADY_RESOLVED = 'deposit_already_resolved',
  DEPOSIT_NOT_ASSIGNABLE = 'deposit_not_assignable',
}

// An operator's refund or assignment of a held transfer (a deposit that funds no transaction)
// that cannot be made.
export class HeldDepositError extends CodedError<HeldDepositErrorCode> {}

export const depositNotFound = () =>
  new HeldDepositError(HeldDepositErrorCode.DEPOSIT_NOT_FOUND, 'Deposit not found');

// `resolution` names what resolved it, e.g. "it was refunded to G… by ana@ops at …".
export const depositAlreadyResolved = (resolution: string) =>
  new HeldDepositError(
    HeldDepositErrorCode.DEPOSIT_ALREADY_RESOLVED,
    `The deposit is already resolved: ${resolution}`,
  );

export const depositNotAssignable = (reason: string) =>
  new HeldDepositError(HeldDepositErrorCode.DEPOSIT_NOT_ASSIGNABLE, reason);
