import type { PartnerIdentity } from '@shared/contracts';
import { WebhookError, WebhookErrorCode } from './webhook.errors.js';

// Webhook settings belong to the partner's server: a wallet's Bearer token speaks for one user
// and may not read or redirect the partner's events.
export function webhookPartnerId(identity: PartnerIdentity): string {
  if (identity.scheme !== 'api_key') {
    throw new WebhookError(
      WebhookErrorCode.API_KEY_REQUIRED,
      'Webhook settings need the partner API key (X-API-Key), not a wallet token',
    );
  }
  return identity.partnerId;
}
