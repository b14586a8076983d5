import { Inject, Injectable } from '@nestjs/common';
import type { UnitOfWork } from '@platform/database';
import { TransactionalOutbox } from '@platform/messaging';
import type { ChatTopics } from '@shared/contracts';
import { Clock } from '@shared/util';
import type { ChatCaller } from '../core/http/chat-caller.js';
import type { ChatTransaction } from '../core/events/chat-event.publisher.js';
import { MessagesRepository } from '../messages/messages.repository.js';
import { RecipientType } from '../messages/recipient.entity.js';
import { ChannelFoldersService } from '../channel-folders/channel-folders.service.js';
import { ChatError } from '../core/http/chat.error.js';
import { MAX_STREAM_DESCRIPTION_LENGTH } from '../core/server-facts.js';
import type { UserEntity } from '../core/accounts/user.entity.js';
import { ChannelCreationNotices, type NewChannelSettings } from './channel-creation-notices.js';
import { PrincipalResolver } from '../streams/principal-resolver.js';
import type { StreamEntity } from '../streams/stream.entity.js';
import { checkStreamName, subscriptionColor } from '../streams/stream-name.js';
import { StreamsRepository } from '../streams/streams.repository.js';
import { SubscriptionEntity } from '../streams/subscription.entity.js';
import { type SubscriptionChange, SubscriptionEvents } from './subscription-events.js';
import { SubscriptionNotices } from './subscription-notices.js';

export interface SubscribeCommand {
  readonly subscriptions: ReadonlyArray<{ readonly name: string; readonly description?: string }>;
  readonly principals: ReadonlyArray<string | number> | undefined;
  readonly authorizationErrorsFatal: boolean;
  readonly inviteOnly: boolean;
  readonly historyPublicToSubscribers: boolean | undefined;
  // The folder new channels go in (existing channels keep theirs).
  readonly folderId: number | undefined;
}

type ByUser = Record<string, string[]>;

// POST /users/me/subscriptions: subscribes the caller (or `principals`) to channels, creating
// the missing ones with the requested settings. Private channels the caller cannot reach are
// refused (or listed in `unauthorized` when authorization errors are not fatal).
@Injectable()
export class SubscribeUseCase {
  constructor(
    @Inject(TransactionalOutbox) private readonly outbox: TransactionalOutbox<ChatTopics>,
    private readonly streams: StreamsRepository,
    private readonly messages: MessagesRepository,
    private readonly principals: PrincipalResolver,
    private readonly notices: SubscriptionNotices,
    private readonly creationNotices: ChannelCreationNotices,
    private readonly clock: Clock,
    private readonly events: SubscriptionEvents,
    private readonly folders: ChannelFoldersService,
  ) {}

  async execute(caller: ChatCaller, command: SubscribeCommand) {
    // Zulip reads the folder before the channel names.
    if (command.folderId !== undefined) await this.folders.require(caller, command.folderId);
    const requests = command.subscriptions.map((entry) => ({
      name: checkStreamName(entry.name),
      // Zulip's add_subscriptions_backend allows no newline in a description.
      description: (entry.description ?? '').replaceAll('\n', ' ').slice(0, MAX_STREAM_DESCRIPTION_LENGTH),
    }));
    const users = await this.principals.resolve(caller, command.principals);
    const notices = await this.notices.prepare(caller, await this.joinable(caller, requests, users));
    const creationNotices = await this.creationNotices.prepare(
      caller,
      requests,
      this.settings(command),
      users,
    );
    return this.outbox.run(async (tx) => {
      const subscribed: ByUser = {};
      const alreadySubscribed: ByUser = {};
      const unauthorized: string[] = [];
      // Channels that existed, by user newly subscribed to them: what the notices tell.
      const joined = new Map<number, Set<string>>();
      const changes: SubscriptionChange[] = [];
      const created: StreamEntity[] = [];
      for (const request of requests) {
        const existing = await this.streams.findByName(caller.realm.id, request.name, tx);
        if (existing && !(await this.mayJoin(caller, existing, tx))) {
          if (command.authorizationErrorsFatal)
            throw ChatError.badRequest(`Unable to access channel (${existing.name}).`);
          unauthorized.push(existing.name);
          continue;
        }
        const stream = existing ?? (await this.create(caller, request, command, tx));
        if (!existing) created.push(stream);
        for (const user of users) {
          const subscription = await this.subscribe(tx, user, stream);
          const target = subscription ? subscribed : alreadySubscribed;
          (target[String(user.id)] ??= []).push(stream.name);
          if (!subscription) continue;
          changes.push({ user, stream, subscription });
          if (existing) joined.set(user.id, (joined.get(user.id) ?? new Set()).add(stream.name));
        }
      }
      await this.events.added(tx, changes);
      // Zulip sends the subscription notices, then the creation notices.
      await this.notices.write(tx, notices, joined);
      await this.creationNotices.write(tx, creationNotices, created, users);
      return {
        subscribed,
        already_subscribed: alreadySubscribed,
        ...(command.authorizationErrorsFatal ? {} : { unauthorized }),
      };
    });
  }

  // Zulip's content access (user_has_content_access): a private channel's subscribers only.
  // Administrators see its metadata but are no exception here, as in Zulip 11.
  private async mayJoin(caller: ChatCaller, stream: StreamEntity, unit?: UnitOfWork): Promise<boolean> {
    if (!stream.inviteOnly) return true;
    return (await this.streams.subscription(caller.user.id, stream.id, unit))?.active === true;
  }

  // Before the transaction: the existing channels each user is not yet subscribed to and would
  // be, from which the notices are prepared.
  private async joinable(
    caller: ChatCaller,
    requests: ReadonlyArray<{ name: string }>,
    users: readonly UserEntity[],
  ): Promise<Map<UserEntity, Set<string>>> {
    const audience = this.notices.audience(caller, users);
    const joinable = new Map<UserEntity, Set<string>>(audience.map((user) => [user, new Set<string>()]));
    if (audience.length === 0) return joinable;
    for (const request of requests) {
      const stream = await this.streams.findByName(caller.realm.id, request.name);
      if (!stream || !(await this.mayJoin(caller, stream))) continue;
      for (const user of audience) {
        if (!(await this.streams.subscription(user.id, stream.id))?.active)
          joinable.get(user)!.add(stream.name);
      }
    }
    return joinable;
  }

  private async create(
    caller: ChatCaller,
    request: { name: string; description: string },
    command: SubscribeCommand,
    tx: ChatTransaction,
  ): Promise<StreamEntity> {
    const { historyPublic } = this.settings(command);
    const stream = await this.streams.insert(tx, {
      realmId: caller.realm.id,
      name: request.name,
      nameKey: request.name.toLowerCase(),
      description: request.description,
      inviteOnly: command.inviteOnly,
      historyPublicToSubscribers: historyPublic,
      isArchived: false,
      creatorId: caller.user.id,
      recipientId: 0,
      dateCreated: this.clock.now(),
      folderId: command.folderId ?? null,
    });
    const recipient = await this.messages.recipientFor(
      tx,
      caller.realm.id,
      RecipientType.STREAM,
      `stream:${stream.id}`,
      [],
    );
    await this.streams.setRecipient(tx, stream.id, recipient.id);
    stream.recipientId = recipient.id;
    await this.events.created(tx, stream);
    return stream;
  }

  // Public channels always share their history; private ones protect it unless asked.
  private settings(command: SubscribeCommand): NewChannelSettings {
    return {
      inviteOnly: command.inviteOnly,
      historyPublic: !command.inviteOnly || (command.historyPublicToSubscribers ?? false),
    };
  }

  // The new subscription, or null when the user was already (actively) subscribed.
  private async subscribe(
    tx: ChatTransaction,
    user: UserEntity,
    stream: StreamEntity,
  ): Promise<SubscriptionEntity | null> {
    const existing = await this.streams.subscription(user.id, stream.id, tx);
    if (existing?.active) return null;
    const subscription = Object.assign(new SubscriptionEntity(), {
      userId: user.id,
      streamId: stream.id,
      realmId: stream.realmId,
      active: true,
      color: existing?.color ?? subscriptionColor(stream.id),
      isMuted: existing?.isMuted ?? false,
      pinToTop: existing?.pinToTop ?? false,
    });
    await this.streams.upsertSubscription(tx, subscription);
    return subscription;
  }
}
