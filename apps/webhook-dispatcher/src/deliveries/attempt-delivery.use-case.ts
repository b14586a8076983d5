import { Inject, Injectable } from '@nestjs/common';
import { continueTrace, LOGGER, type Logger } from '@platform/logging';
import { Clock, IdGenerator } from '@shared/util';
import { signingSecrets } from '../endpoint-registry/webhook-endpoint.js';
import { WebhookEndpointsRepository } from '../endpoint-registry/webhook-endpoints.repository.js';
import { AttemptOutcome, WebhookSender } from '../outbound/webhook-sender.js';
import { signWebhook } from '../outbound/webhook-signature.js';
import { RetrySchedule } from './retry-schedule.js';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository.js';
import { DeliveryStatus } from './webhook-delivery.entity.js';
import type { ClaimedDelivery, DeliveryTransition } from './webhook-delivery.js';
import { WebhookMetrics } from './webhook-metrics.js';

// How much of a receiver's answer an attempt keeps: enough to read an error page's message.
export const RESPONSE_EXCERPT_BYTES = 2048;

// PostgreSQL text cannot hold NUL; an empty body is no excerpt.
function responseExcerptOf(body: string | undefined): string | null {
  const text = body?.replaceAll('\u0000', '');
  return text ? text : null;
}

// One HTTP attempt of a claimed delivery, signed with the endpoint's current secrets, then the
// outcome: delivered, retried later, or dead once the retry window has passed.
@Injectable()
export class AttemptDeliveryUseCase {
  constructor(
    private readonly endpoints: WebhookEndpointsRepository,
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly sender: WebhookSender,
    private readonly schedule: RetrySchedule,
    private readonly metrics: WebhookMetrics,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  // In the delivery's trace (a payout's webhooks belong to the payout's trace), whoever attempts
  // it: the consumer's wake-up, a retry the worker finds due, a redelivery request (linked).
  execute(claim: ClaimedDelivery): Promise<DeliveryStatus> {
    return continueTrace(claim, 'attempt webhook', () => this.attempt(claim));
  }

  private async attempt(claim: ClaimedDelivery): Promise<DeliveryStatus> {
    const endpoint = await this.endpoints.findForPartner(claim.partnerId);
    if (!endpoint) throw new Error(`Delivery ${claim.id} has no endpoint`);
    const startedAt = this.clock.now();
    const secrets = signingSecrets(endpoint, startedAt);
    const timestamp = Math.floor(startedAt.getTime() / 1000);
    // What the partner verifies, kept with the attempt; the secret header travels but is not kept.
    const signedHeaders = {
      'content-type': 'application/json',
      'webhook-id': claim.id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signWebhook(secrets, claim.id, timestamp, claim.body),
      'user-agent': 'payout-webhook-dispatcher/1',
    };
    const result = await this.sender.send({
      url: endpoint.url,
      body: claim.body,
      // During a rotation's grace period the previous secret: the one the receiver already has.
      headers: { ...signedHeaders, 'x-service-webhook-secret': secrets[secrets.length - 1]! },
      keepResponseBytes: RESPONSE_EXCERPT_BYTES,
    });
    this.metrics.attempted(result);
    const next = this.transition(claim, result.outcome);
    if (next.status === DeliveryStatus.DEAD) this.metrics.died();
    const { responseBody, ...outcome } = result;
    await this.deliveries.recordAttempt(
      claim,
      {
        id: this.ids.uuid(),
        startedAt,
        ...outcome,
        requestHeaders: signedHeaders,
        responseExcerpt: responseExcerptOf(responseBody),
      },
      next,
    );
    // One line per attempt with its transaction: `grep <transaction id>` follows a payout to here.
    this.logger.info(
      {
        transactionId: claim.transactionId,
        deliveryId: claim.id,
        eventType: claim.eventType,
        attempt: claim.attemptCount,
        outcome: result.outcome,
        statusCode: result.statusCode,
        durationMs: result.durationMs,
        next: next.status,
      },
      'webhook attempted',
    );
    return next.status;
  }

  private transition(claim: ClaimedDelivery, outcome: AttemptOutcome): DeliveryTransition {
    const now = this.clock.now();
    if (outcome === AttemptOutcome.DELIVERED) return { status: DeliveryStatus.DELIVERED, at: now };
    const nextAttemptAt = this.schedule.nextAttemptAt(claim.attemptCount, claim.retryWindowStartedAt, now);
    return nextAttemptAt
      ? { status: DeliveryStatus.PENDING, nextAttemptAt }
      : { status: DeliveryStatus.DEAD };
  }
}
