// GET /webhooks/deliveries/stats (webhook-dispatcher): attempts per UTC day with any.
export interface DailyAttempts {
  readonly day: string;
  readonly attempts: number;
  readonly successes: number;
  readonly failures: number;
  readonly p50LatencyMs: number;
  readonly p95LatencyMs: number;
}

export interface WebhookDeliveryStats {
  readonly since: string;
  readonly daily: readonly DailyAttempts[];
}
