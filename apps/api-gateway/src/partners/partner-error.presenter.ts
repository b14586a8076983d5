import type { PresentedError } from '@platform/http';
import { refusal } from '../core/errors/gateway-error.presenter.js';
import { PartnerError, PartnerErrorCode } from './partners.errors.js';

// Unknown partners and keys are 404 in the payout shape.
export function presentPartnerError(error: unknown): PresentedError | null {
  return error instanceof PartnerError ? refusal(404, error.code, partnerErrorMessage(error.code)) : null;
}

function partnerErrorMessage(code: PartnerErrorCode): string {
  switch (code) {
    case PartnerErrorCode.PARTNER_NOT_FOUND:
      return 'Partner not found';
    case PartnerErrorCode.API_KEY_NOT_FOUND:
      return 'API key not found';
  }
}
