import { PayoutErrorPresenter } from '@payout/errors';
import { mapFundingError } from './funding-error.mapper.js';
import { mapHeldDepositError } from './held-deposit-error.mapper.js';
import { mapKybError } from './kyb-error.mapper.js';
import { mapQrCodeError } from './qr-code-error.mapper.js';
import { mapTransactionError } from './transaction-error.mapper.js';

// Every coded error of transaction-service as `{ code, reason, retryable }` with its status.
export const transactionServiceErrorPresenter = new PayoutErrorPresenter(
  (error) =>
    mapQrCodeError(error) ??
    mapTransactionError(error) ??
    mapFundingError(error) ??
    mapHeldDepositError(error) ??
    mapKybError(error),
);
