import { CodedError } from '@shared/util';

export enum WebhookErrorCode {
  INVALID_URL = 'invalid_url',
  ENDPOINT_NOT_FOUND = 'endpoint_not_found',
  DELIVERY_NOT_FOUND = 'delivery_not_found',
  API_KEY_REQUIRED = 'api_key_required',
  CONCURRENT_CHANGE = 'concurrent_change',
}

// A webhook request that cannot be served.
export class WebhookError extends CodedError<WebhookErrorCode> {}

export function endpointNotFound(): WebhookError {
  return new WebhookError(
    WebhookErrorCode.ENDPOINT_NOT_FOUND,
    'No webhook endpoint is registered; register one with PUT /webhooks/endpoint',
  );
}

export function deliveryNotFound(): WebhookError {
  return new WebhookError(WebhookErrorCode.DELIVERY_NOT_FOUND, 'Webhook delivery not found');
}
