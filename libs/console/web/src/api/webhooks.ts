// webhook-dispatcher's answers (GET/PUT /webhooks/endpoint, GET /webhooks/deliveries).
export interface WebhookEndpoint {
  readonly url: string;
  // Present only in the answer that created it: shown once.
  readonly secret?: string;
  readonly secret_created_at: string;
  readonly previous_secret_expires_at: string | null;
}

export type DeliveryStatus = 'PENDING' | 'DELIVERED' | 'DEAD';

export interface WebhookDelivery {
  readonly id: string;
  readonly event_type: string;
  readonly transaction_id: string | null;
  readonly status: DeliveryStatus;
  readonly attempts: number;
  readonly last_outcome: string | null;
  readonly last_status_code: number | null;
  readonly last_attempt_at: string | null;
  readonly next_attempt_at: string | null;
  readonly delivered_at: string | null;
  readonly created_at: string;
}

export interface WebhookDeliveryPage {
  readonly page: number;
  readonly pageSize: number;
  readonly total: number;
  readonly deliveries: readonly WebhookDelivery[];
}

export const EVENT_TYPES = ['transaction.created', 'transaction.updated', 'webhook.test'] as const;
export const DELIVERY_STATUSES: readonly DeliveryStatus[] = ['PENDING', 'DELIVERED', 'DEAD'];

// GET /webhooks/deliveries/{id}: one try at the partner's endpoint, newest first.
export interface DeliveryAttempt {
  readonly id: string;
  readonly started_at: string;
  readonly duration_ms: number;
  readonly outcome: string;
  // Null when the endpoint gave no HTTP answer (timeout, refused connection…).
  readonly status_code: number | null;
  // What was sent, the signature headers included (never the secret); null for attempts made
  // before the dispatcher kept them.
  readonly request_headers: Readonly<Record<string, string>> | null;
  // At most 2 KiB of what the endpoint answered.
  readonly response_excerpt: string | null;
}

export interface WebhookDeliveryDetail extends WebhookDelivery {
  // The event's place among its transaction's events; null for a test delivery.
  readonly sequence: number | null;
  // The exact bytes every attempt sent (and signed).
  readonly request_body: string;
  // At most the 50 newest; `attempts` counts them all.
  readonly attempt_history: readonly DeliveryAttempt[];
}

// POST /webhooks/deliveries/{id}/redeliver: the delivery, and what the request did.
export interface Redelivered extends WebhookDelivery {
  readonly redelivery: 'sent' | 'queued' | 'in_progress';
}

// What a person is told after pressing Redeliver.
export function redeliveryOutcome(answer: Redelivered): string {
  switch (answer.redelivery) {
    case 'sent':
      return answer.last_status_code
        ? `Sent again: the endpoint answered HTTP ${answer.last_status_code} (${answer.status.toLowerCase()}).`
        : `Sent again: ${answer.last_outcome ?? 'no answer'} (${answer.status.toLowerCase()}).`;
    case 'queued':
      return 'Queued: an earlier event of its transaction is still pending, and this one is sent after it.';
    case 'in_progress':
      return 'Already being sent: nothing changed.';
  }
}
