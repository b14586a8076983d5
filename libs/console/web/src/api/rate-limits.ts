// api-gateway's answers to /ops/partners/{id}/rate-limits: every route class with its limit, the
// default unless an operator set one.
export const ROUTE_CLASSES = ['quotes', 'transaction_writes', 'kyc_uploads', 'keys', 'reads'] as const;
export type RouteClass = (typeof ROUTE_CLASSES)[number];

export interface RateLimit {
  readonly class: RouteClass;
  readonly limit: number;
  readonly windowSeconds: number;
  readonly source: 'default' | 'override';
}

export interface PartnerRateLimits {
  readonly partnerId: string;
  readonly limits: readonly RateLimit[];
}

// GET /ops/rate-limits/audit: the partner's overrides before and after, `class=limit/seconds,…`.
export interface RateLimitAuditEntry {
  readonly id: string;
  readonly actor: string;
  readonly partnerId: string;
  readonly fromLimits: string;
  readonly toLimits: string;
  readonly occurredAt: string;
}
