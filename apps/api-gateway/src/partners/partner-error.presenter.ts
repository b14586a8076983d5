import type { PresentedError } from '@platform/http';
import { refusal } from '../core/errors/gateway-error.presenter.js';
import { PartnerError, PartnerErrorCode, type PartnerRefusal } from './partners.errors.js';

// Unknown partners and keys are 404, a key past the partner's quota 409, in the payout shape.
export function presentPartnerError(error: unknown): PresentedError | null {
  if (!(error instanceof PartnerError)) return null;
  const [status, reason] = statusAndReason(error.refusal);
  return refusal(status, error.code, reason);
}

function statusAndReason(refused: PartnerRefusal): [number, string] {
  switch (refused.code) {
    case PartnerErrorCode.PARTNER_NOT_FOUND:
      return [404, 'Partner not found'];
    case PartnerErrorCode.API_KEY_NOT_FOUND:
      return [404, 'API key not found'];
    case PartnerErrorCode.API_KEY_QUOTA_REACHED:
      return [
        409,
        `The partner already has ${refused.maxActiveKeys} active API keys, its quota: revoke one it no ` +
          'longer uses (DELETE /partner/keys/{keyId}) before creating another, or ask operations to raise the quota',
      ];
  }
}
