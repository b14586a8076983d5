import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { LOGGER, type Logger } from '@platform/logging';
import { TransactionalOutbox } from '@platform/messaging';
import { ChatTopic, type ChatTopics, type OutgoingWebhookOutcomeV1 } from '@shared/contracts';
import { Clock, WakeSignal } from '@shared/util';
import { AttemptOutcome, type AttemptResult, WebhookSender } from '../outbound/webhook-sender.js';
import { WebhookDispatcherConfig } from '../webhook-dispatcher.config.js';
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
export class OutgoingWebhookWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private running = false;
  private loop: Promise<void> | null = null;
  private readonly wakeSignal = new WakeSignal();
  private readonly inFlight = new Set<Promise<void>>();
  private readonly logger: Logger;

  constructor(
    private readonly calls: OutgoingWebhookCallsRepository,
    @Inject(OUTGOING_WEBHOOK_SENDER) private readonly sender: WebhookSender,
    @Inject(TransactionalOutbox) private readonly outbox: TransactionalOutbox<ChatTopics>,
    private readonly config: WebhookDispatcherConfig,
    private readonly clock: Clock,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.logger = logger.child({ component: 'outgoing-webhook-worker' });
  }

  onApplicationBootstrap(): void {
    this.running = true;
    this.loop = this.run();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.running = false;
    this.kick();
    await this.loop;
  }

  kick(): void {
    this.wakeSignal.wake();
  }

  private async run(): Promise<void> {
    while (this.running) {
      const capacity = this.config.WEBHOOK_CONCURRENCY - this.inFlight.size;
      const claimed = capacity > 0 ? await this.claim(capacity) : [];
      for (const call of claimed) this.track(this.call(call));
      if (claimed.length > 0 && claimed.length === capacity) continue;
      await this.wakeSignal.sleep(this.config.WEBHOOK_POLL_INTERVAL_MS);
    }
    await Promise.all(this.inFlight);
  }

  private async claim(limit: number): Promise<ClaimedCall[]> {
    const now = this.clock.now();
    const leaseUntil = new Date(now.getTime() + LEASE_MS);
    try {
      return await this.calls.claimDue(now, leaseUntil, limit);
    } catch (error) {
      this.logger.error({ err: error }, 'claiming outgoing webhook calls failed');
      return [];
    }
  }

  private track(work: Promise<void>): void {
    const tracked = work
      .catch((error: unknown) => this.logger.error({ err: error }, 'outgoing webhook call failed'))
      .finally(() => {
        this.inFlight.delete(tracked);
        this.kick();
      });
    this.inFlight.add(tracked);
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
      if (!(await this.calls.remove(tx.manager, request.requestId))) return;
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
