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
