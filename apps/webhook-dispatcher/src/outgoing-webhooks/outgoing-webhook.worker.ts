import { Inject, Injectable } from '@nestjs/common';
import { LOGGER, type Logger } from '@platform/logging';
import { TransactionalOutbox } from '@platform/messaging';
import { ChatTopic, type ChatTopics, type OutgoingWebhookOutcomeV1 } from '@shared/contracts';
import { Clock } from '@shared/util';
import { LeasedWorker } from '../core/leased-worker.js';
import { AttemptOutcome, type AttemptResult, WebhookSender } from '../outbound/webhook-sender.js';
import { WebhookDispatcherConfig } from '../core/webhook-dispatcher.config.js';
import { type ClaimedCall, OutgoingWebhookCallsRepository } from './outgoing-webhook-calls.repository.js';

// The sender for chat bots' services (its guard allows plain http).
export const OUTGOING_WEBHOOK_SENDER = Symbol('OUTGOING_WEBHOOK_SENDER');

// Zulip's MAX_REQUEST_RETRIES: a call that times out or cannot connect is tried this many more
// times (Zulip puts the event back on its queue at once; a short pause spares a restarting
// service), then the bot is declared unavailable.
export const MAX_REQUEST_RETRIES = 3;
const RETRY_DELAY_MS = 1_000;
// The answer is read whole (Zulip reads response.text); this bounds what a service can make us hold.
const RESPONSE_LIMIT_BYTES = 256 * 1024;
// A worker that died mid-call frees its rows after this: longer than any call's timeout (at most
// a minute) plus a margin.
const LEASE_MS = 90_000;

// Makes the calls chat-api asked for, up to WEBHOOK_CONCURRENCY at a time, and publishes how each
// ended in the transaction that deletes its row. New requests wake it (`kick`); retries come due
// in the database and are found by polling.
@Injectable()
export class OutgoingWebhookWorker extends LeasedWorker<ClaimedCall> {
  constructor(
    private readonly calls: OutgoingWebhookCallsRepository,
    @Inject(OUTGOING_WEBHOOK_SENDER) private readonly sender: WebhookSender,
    @Inject(TransactionalOutbox) private readonly outbox: TransactionalOutbox<ChatTopics>,
    private readonly config: WebhookDispatcherConfig,
    private readonly clock: Clock,
    @Inject(LOGGER) logger: Logger,
  ) {
    super(
      config,
      logger.child({ component: 'outgoing-webhook-worker' }),
      'claiming outgoing webhook calls failed',
    );
  }

  protected claim(limit: number): Promise<ClaimedCall[]> {
    const now = this.clock.now();
    return this.calls.claimDue(now, new Date(now.getTime() + LEASE_MS), limit);
  }

  protected process(call: ClaimedCall): Promise<void> {
    return this.call(call);
  }

  protected processFailed(error: unknown): void {
    this.logger.error({ err: error }, 'outgoing webhook call failed');
  }

  private async call({ request, attempt }: ClaimedCall): Promise<void> {
    const result = await this.sender.send({
      url: request.url,
      headers: request.headers,
      body: request.body,
      keepResponseBytes: RESPONSE_LIMIT_BYTES,
    });
    const outcome = outcomeOf(result, this.config.WEBHOOK_TIMEOUT_MS, attempt);
    if (outcome === null) {
      await this.calls.retryAt(request.requestId, new Date(this.clock.now().getTime() + RETRY_DELAY_MS));
      return;
    }
    await this.outbox.run(async (tx) => {
      if (!(await this.calls.remove(tx, request.requestId))) return;
      await tx.publish(
        ChatTopic.OutgoingWebhookCompleted,
        { requestId: request.requestId, trigger: request.trigger, outcome },
        { key: `${request.trigger.realmId}:${request.trigger.botUserId}` },
      );
    });
  }
}

// How the call ended, or null when it is to be tried again.
function outcomeOf(
  result: AttemptResult,
  timeoutMs: number,
  attempt: number,
): OutgoingWebhookOutcomeV1 | null {
  switch (result.outcome) {
    case AttemptOutcome.DELIVERED:
    case AttemptOutcome.HTTP_ERROR:
      return { kind: 'response', status: result.statusCode ?? 0, body: result.responseBody ?? '' };
    case AttemptOutcome.BLOCKED_ADDRESS:
      return { kind: 'refused' };
    case AttemptOutcome.TIMEOUT:
      return attempt > MAX_REQUEST_RETRIES ? { kind: 'timeout', timeoutMs, attempts: attempt } : null;
    case AttemptOutcome.CONNECTION_ERROR:
    case AttemptOutcome.DNS_ERROR:
    case AttemptOutcome.TLS_ERROR:
      return attempt > MAX_REQUEST_RETRIES ? { kind: 'connection_error', attempts: attempt } : null;
  }
}
