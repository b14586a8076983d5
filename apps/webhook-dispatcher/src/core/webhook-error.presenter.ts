import { PayoutErrorPresenter, type DomainErrorMapper, type PayoutErrorBody } from '@payout/errors';
import { WebhookError, WebhookErrorCode } from './webhook.errors.js';

const mapWebhookError: DomainErrorMapper = (error) =>
  error instanceof WebhookError ? presented(error.code, error.reason) : null;

function presented(code: WebhookErrorCode, reason: string): { status: number; body: PayoutErrorBody } {
  switch (code) {
    case WebhookErrorCode.INVALID_URL:
      return { status: 400, body: { code: 'invalid_request', reason, retryable: false } };
    case WebhookErrorCode.ENDPOINT_NOT_FOUND:
    case WebhookErrorCode.DELIVERY_NOT_FOUND:
      return { status: 404, body: { code: 'not_found', reason, retryable: false } };
    case WebhookErrorCode.API_KEY_REQUIRED:
      return { status: 403, body: { code: 'forbidden', reason, retryable: false } };
    // Two changes of one endpoint raced; the same request succeeds when sent again.
    case WebhookErrorCode.CONCURRENT_CHANGE:
      return { status: 409, body: { code: 'conflict', reason, retryable: true } };
  }
}

export const webhookErrorPresenter = new PayoutErrorPresenter(mapWebhookError);
