import type { DeliveryStatus } from './webhook-delivery.entity.js';

// A delivery a worker holds the lease of: it may attempt it and record the outcome.
export interface ClaimedDelivery {
  readonly id: string;
  readonly partnerId: string;
  readonly endpointId: string;
  readonly eventType: string;
  // The transaction the event is about (null for a test event).
  readonly transactionId: string | null;
  readonly body: string;
  // Including the attempt about to be made.
  readonly attemptCount: number;
  readonly retryWindowStartedAt: Date;
  readonly leaseToken: string;
  // The trace its attempts run in (null: none was recorded).
  readonly traceparent: string | null;
}

export interface NewDelivery {
  readonly id: string;
  readonly partnerId: string;
  readonly endpointId: string;
  readonly eventId: string;
  readonly eventType: string;
  readonly transactionId: string | null;
  readonly sequence: number | null;
  readonly body: string;
  readonly createdAt: Date;
  readonly traceparent: string | null;
}

export interface AttemptRecord {
  readonly id: string;
  readonly startedAt: Date;
  readonly durationMs: number;
  readonly outcome: string;
  readonly statusCode: number | null;
  readonly responseSnippet: string | null;
  // The headers sent, the secret left out.
  readonly requestHeaders: Readonly<Record<string, string>>;
  readonly responseExcerpt: string | null;
}

// Where a delivery goes after an attempt.
export type DeliveryTransition =
  | { readonly status: DeliveryStatus.DELIVERED; readonly at: Date }
  | { readonly status: DeliveryStatus.PENDING; readonly nextAttemptAt: Date }
  | { readonly status: DeliveryStatus.DEAD };

export interface DeliveryFilter {
  readonly status?: DeliveryStatus;
  readonly eventType?: string;
  readonly transactionId?: string;
}

// What a redelivery request did: attempted by the caller at once, left to the worker behind an
// earlier pending event of its transaction, or nothing (a worker is attempting it right now).
export type RedeliveryRequest =
  | { readonly outcome: 'claimed'; readonly claim: ClaimedDelivery }
  | { readonly outcome: 'queued' }
  | { readonly outcome: 'in_progress' };
