import type { DomainErrorMapper } from '@payout/errors';
import { KybError } from './kyb.errors.js';

// Both hold until operations change the partner's KYB status: never worth retrying unchanged.
export const mapKybError: DomainErrorMapper = (error) =>
  error instanceof KybError
    ? { status: 403, body: { code: error.code, reason: error.reason, retryable: false } }
    : null;
