import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { LOGGER, type Logger } from '@platform/logging';
import { TransactionalOutbox } from '@platform/messaging';
import type { ChatTopics, OutgoingWebhookTriggerV1, TriggeringMessageV1 } from '@shared/contracts';
import { Clock, WakeSignal } from '@shared/util';
import type { ChatTransaction } from '../core/events/chat-event.publisher.js';
import type { ChatCaller } from '../core/http/chat-caller.js';
import { ChatError } from '../core/http/chat.error.js';
import { messageNearUrl } from '../messages/narrow-url.js';
import {
  type PreparedMessage,
  type SendMessageCommand,
  SendMessageUseCase,
} from '../messages/send-message.use-case.js';
import { RealmsRepository } from '../realms/realms.repository.js';
import { UsersRepository } from '../users/users.repository.js';
import {
  type AnswerOutcome,
  answerTo,
  ownerNoticeText,
  rejectedResponse,
} from './outgoing-webhook-answer.js';
import { OutgoingWebhookAnswers, type PendingAnswer } from './outgoing-webhook-answers.repository.js';

const CLIENT = 'OutgoingWebhookResponse';
const BATCH = 20;
const POLL_INTERVAL_MS = 1_000;
// A replica that died while posting frees its rows after this.
const LEASE_MS = 60_000;

// Posts the answers to finished calls as Zulip does, through the send path like any message: the
// bot's reply in the conversation of the message that triggered it, or "Failure! …" there and a
// notice to the bot's owner. Replies are prepared (checked, rendered) first, then written in the
// transaction that deletes the answer's row.
@Injectable()
export class OutgoingWebhookReplier implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private running = false;
  private loop: Promise<void> | null = null;
  private readonly wakeSignal = new WakeSignal();

  constructor(
    @Inject(TransactionalOutbox) private readonly outbox: TransactionalOutbox<ChatTopics>,
    private readonly answers: OutgoingWebhookAnswers,
    private readonly sendMessage: SendMessageUseCase,
    private readonly users: UsersRepository,
    private readonly realms: RealmsRepository,
    private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    this.running = true;
    this.loop = this.run();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.running = false;
    this.wakeSignal.wake();
    await this.loop;
  }

  // In the caller's transaction; the replier looks as soon as it commits.
  async enqueue(
    tx: ChatTransaction,
    requestId: string,
    trigger: OutgoingWebhookTriggerV1,
    outcome: AnswerOutcome,
  ): Promise<void> {
    await this.answers.insert(tx, requestId, trigger, outcome);
    tx.afterCommit(() => this.wakeSignal.wake());
  }

  private async run(): Promise<void> {
    while (this.running) {
      let claimed: PendingAnswer[] = [];
      try {
        const now = this.clock.now();
        claimed = await this.answers.claim(now, new Date(now.getTime() + LEASE_MS), BATCH);
        for (const answer of claimed) await this.post(answer);
      } catch (error) {
        this.logger.error({ err: error }, 'posting outgoing webhook answers failed');
      }
      if (claimed.length === BATCH) continue;
      await this.wakeSignal.sleep(POLL_INTERVAL_MS);
    }
  }

  private async post({ requestId, trigger, outcome }: PendingAnswer): Promise<void> {
    const messages = await this.prepare(trigger, outcome);
    await this.outbox.run(async (tx) => {
      if (!(await this.answers.remove(tx, requestId))) return;
      if (messages.length > 0) await this.sendMessage.write(tx, messages);
    });
  }

  private async prepare(
    trigger: OutgoingWebhookTriggerV1,
    outcome: AnswerOutcome,
  ): Promise<PreparedMessage[]> {
    const realm = await this.realms.findById(trigger.realmId);
    const bot = await this.users.findById(trigger.realmId, trigger.botUserId);
    if (!realm || realm.deactivated || !bot) return [];
    const caller: ChatCaller = { user: bot, realm };
    let answer = answerTo(trigger.interface, outcome);
    const prepared: PreparedMessage[] = [];
    if (answer.reply !== null) {
      const reply = await this.tryPrepare(caller, conversationOf(trigger.message), answer.reply);
      // Zulip: when posting the bot's own reply fails, the failure is posted instead.
      if (reply instanceof ChatError && answer.ownerNotice === null && outcome.kind === 'response') {
        answer = rejectedResponse(reply.message, outcome.body);
        const failure = await this.tryPrepare(caller, conversationOf(trigger.message), answer.reply!);
        if (!(failure instanceof ChatError)) prepared.push(failure);
      } else if (!(reply instanceof ChatError)) prepared.push(reply);
    }
    if (answer.ownerNotice !== null && bot.botOwnerId !== null) {
      const notice = ownerNoticeText(
        messageNearUrl(realm.url, trigger.message),
        bot.fullName,
        answer.ownerNotice,
      );
      const toOwner = await this.tryPrepare(caller, directTo([bot.botOwnerId]), notice);
      if (!(toOwner instanceof ChatError)) prepared.push(toOwner);
    }
    return prepared;
  }

  // The message prepared, or Zulip's refusal (not posted; a conversation that is gone has no
  // place for it).
  private async tryPrepare(
    caller: ChatCaller,
    address: Address,
    content: string,
  ): Promise<PreparedMessage | ChatError> {
    try {
      return await this.sendMessage.prepare(caller, {
        ...address,
        content,
        readBySender: undefined,
        client: CLIENT,
      });
    } catch (error) {
      if (!(error instanceof ChatError)) throw error;
      this.logger.info({ err: error, botUserId: caller.user.id }, 'outgoing webhook answer not posted');
      return error;
    }
  }
}

type Address = Pick<SendMessageCommand, 'type' | 'to' | 'topic' | 'skipChannelAccessCheck'>;

// The conversation of the triggering message: its channel and topic (where the bot may answer
// unsubscribed, as in Zulip), or its users.
function conversationOf(message: TriggeringMessageV1): Address {
  if (message.type === 'stream')
    return {
      type: 'stream',
      to: String(message.stream_id),
      topic: message.subject,
      skipChannelAccessCheck: true,
    };
  const users = message.display_recipient as ReadonlyArray<{ readonly id: number }>;
  return directTo(users.map(({ id }) => id));
}

function directTo(userIds: readonly number[]): Address {
  return { type: 'direct', to: JSON.stringify(userIds), topic: undefined };
}
