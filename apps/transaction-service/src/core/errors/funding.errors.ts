import { CodedError } from '@shared/util';

export enum FundingErrorCode {
  TRANSFER_NOT_FOUND = 'transfer_not_found',
  TRANSFER_REJECTED = 'transfer_rejected',
  CHAIN_UNAVAILABLE = 'server_error',
}

// A reported transfer that cannot (yet) fund the transaction it was reported for.
export class FundingError extends CodedError<FundingErrorCode> {}

export const transferNotFound = () =>
  new FundingError(
    FundingErrorCode.TRANSFER_NOT_FOUND,
    'The transfer was not found on chain; retry once it is confirmed',
  );

export const transferRejected = (reason: string) =>
  new FundingError(FundingErrorCode.TRANSFER_REJECTED, reason);
