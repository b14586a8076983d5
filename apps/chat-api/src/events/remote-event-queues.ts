import { Inject, Injectable } from '@nestjs/common';
import { InternalHttpClient, InternalTokenService } from '@platform/http';
import { LOGGER, type Logger } from '@platform/logging';
import { ServiceName } from '@shared/contracts';
import { ChatApiConfig } from '../core/chat-api.config.js';
import { ChatError, type ChatErrorCode, type ChatErrorExtra } from '../core/http/chat.error.js';
import type { PollResult } from './held-queue-poll.js';
import type { HeldQueuePoll } from './held-queue-poll.js';
import { ChatReplica } from './chat-replica.js';

export interface HeldQueueDeletion {
  readonly userId: number;
  readonly queueId: string;
}

// The holder's answer to a request passed on: what it answered, or the refusal it raised (a
// chat error travels as its parts and is raised again where the client waits).
export type RemoteQueueAnswer<T> =
  { readonly answer: T } | { readonly refusal: { code: ChatErrorCode; msg: string; extra: ChatErrorExtra } };

export const INTERNAL_EVENT_QUEUES_PATH = '/internal/chat/event-queues';

// A long poll waits at its holder for up to the heartbeat period, then its answer travels back.
const ANSWER_MARGIN_MS = 15_000;
// A queue nobody polled for a while can hold many events: more than an ordinary internal answer.
const MAX_ANSWER_BYTES = 64 * 1024 * 1024;

// Passes GET /events and DELETE /events for a queue another replica holds to that replica.
// Null when the replica is gone (its queues went with it) or does not answer.
@Injectable()
export class RemoteEventQueues {
  private readonly http: InternalHttpClient;

  constructor(
    private readonly replica: ChatReplica,
    tokens: InternalTokenService,
    config: ChatApiConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    const timeoutMs = config.CHAT_EVENTS_HEARTBEAT_MS + ANSWER_MARGIN_MS;
    this.http = new InternalHttpClient(ServiceName.ChatApi, tokens, timeoutMs, MAX_ANSWER_BYTES);
  }

  poll(holder: string, poll: HeldQueuePoll): Promise<PollResult | null> {
    return this.pass<PollResult>(holder, 'poll', poll);
  }

  delete(holder: string, deletion: HeldQueueDeletion): Promise<Record<string, never> | null> {
    return this.pass<Record<string, never>>(holder, 'delete', deletion);
  }

  private async pass<T>(holder: string, action: 'poll' | 'delete', body: object): Promise<T | null> {
    const url = await this.replica.urlOf(holder);
    if (url === null) return null;
    let outcome: RemoteQueueAnswer<T>;
    try {
      outcome = await this.http.postJson<RemoteQueueAnswer<T>>(
        new URL(`${INTERNAL_EVENT_QUEUES_PATH}/${action}`, url).toString(),
        body,
      );
    } catch (error) {
      this.logger.warn({ err: error, holder }, 'the replica holding an event queue did not answer');
      return null;
    }
    if ('refusal' in outcome) {
      const { code, msg, extra } = outcome.refusal;
      throw new ChatError(code, msg, extra);
    }
    return outcome.answer;
  }
}
