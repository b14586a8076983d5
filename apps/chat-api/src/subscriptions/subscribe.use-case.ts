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
import { MAX_SUBSCRIPTIONS_PER_REQUEST } from '../core/http/list-bounds.js';
import { MAX_STREAM_DESCRIPTION_LENGTH } from '../core/server-facts.js';
import type { UserEntity } from '../core/accounts/user.entity.js';
import {
  ChannelCreationNotices,
  type NewChannelRequest,
  type NewChannelSettings,
} from './channel-creation-notices.js';
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
    const requests = uniqueByName(
      command.subscriptions.map((entry) => ({
        name: checkStreamName(entry.name),
        // Zulip's add_subscriptions_backend allows no newline in a description.
        description: (entry.description ?? '').replaceAll('\n', ' ').slice(0, MAX_STREAM_DESCRIPTION_LENGTH),
      })),
    );
    const users = await this.principals.resolve(caller, command.principals);
    if (requests.length * users.length > MAX_SUBSCRIPTIONS_PER_REQUEST)
      throw ChatError.badRequest(
        `Too many subscriptions in one request: ${requests.length} channels × ${users.length} users ` +
          `(limit: ${MAX_SUBSCRIPTIONS_PER_REQUEST})`,
      );
    const notices = await this.notices.prepare(caller, await this.joinable(caller, requests, users));
    const creationNotices = await this.creationNotices.prepare(
      caller,
      requests,
      this.settings(command),
      users,
    );
    // A handful of statements whatever the number of channels and users: the request holds the
    // database for as long as its transaction lasts.
    return this.outbox.run(async (tx) => {
      const existing = await this.lookUp(caller, requests, users, tx);
      const unauthorized: string[] = [];
      const missing: NewChannelRequest[] = [];
      for (const request of requests) {
        const stream = existing.channels.get(request.name.toLowerCase());
        if (!stream) missing.push(request);
        else if (!existing.mayJoin(stream)) {
          if (command.authorizationErrorsFatal)
            throw ChatError.badRequest(`Unable to access channel (${stream.name}).`);
          unauthorized.push(stream.name);
          existing.channels.delete(stream.nameKey);
        }
      }
      const created = await this.create(caller, missing, command, tx);
      const channels = new Map([
        ...existing.channels,
        ...created.map((stream) => [stream.nameKey, stream] as const),
      ]);
      const subscribed: ByUser = {};
      const alreadySubscribed: ByUser = {};
      // Channels that existed, by user newly subscribed to them: what the notices tell.
      const joined = new Map<number, Set<string>>();
      const changes: SubscriptionChange[] = [];
      for (const request of requests) {
        const stream = channels.get(request.name.toLowerCase());
        if (!stream) continue; // refused above
        for (const user of users) {
          const subscription = newSubscription(user, stream, existing.row(user.id, stream.id));
          const target = subscription ? subscribed : alreadySubscribed;
          (target[String(user.id)] ??= []).push(stream.name);
          if (!subscription) continue;
          changes.push({ user, stream, subscription });
          if (existing.channels.has(stream.nameKey))
            joined.set(user.id, (joined.get(user.id) ?? new Set()).add(stream.name));
        }
      }
      await this.streams.upsertSubscriptions(
        tx,
        changes.map((change) => change.subscription),
      );
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

  // The requested channels that exist, and every subscription row the caller and the users
  // have in them: two queries for the whole request.
  private async lookUp(
    caller: ChatCaller,
    requests: readonly NewChannelRequest[],
    users: readonly UserEntity[],
    unit?: UnitOfWork,
  ) {
    const found = await this.streams.findManyByNames(
      caller.realm.id,
      requests.map((request) => request.name),
      unit,
    );
    const rows = await this.streams.subscriptionsOf(
      [...new Set([caller.user.id, ...users.map((user) => user.id)])],
      found.map((stream) => stream.id),
      unit,
    );
    const byKey = new Map(rows.map((row) => [`${row.userId}:${row.streamId}`, row]));
    const row = (userId: number, streamId: number) => byKey.get(`${userId}:${streamId}`) ?? null;
    return {
      channels: new Map(found.map((stream) => [stream.nameKey, stream])),
      row,
      // Zulip's content access (user_has_content_access): a private channel's subscribers
      // only. Administrators see its metadata but are no exception here, as in Zulip 11.
      mayJoin: (stream: StreamEntity) =>
        !stream.inviteOnly || row(caller.user.id, stream.id)?.active === true,
    };
  }

  // Before the transaction: the existing channels each user is not yet subscribed to and would
  // be, from which the notices are prepared.
  private async joinable(
    caller: ChatCaller,
    requests: readonly NewChannelRequest[],
    users: readonly UserEntity[],
  ): Promise<Map<UserEntity, Set<string>>> {
    const audience = this.notices.audience(caller, users);
    const joinable = new Map<UserEntity, Set<string>>(audience.map((user) => [user, new Set<string>()]));
    if (audience.length === 0) return joinable;
    const existing = await this.lookUp(caller, requests, audience);
    for (const request of requests) {
      const stream = existing.channels.get(request.name.toLowerCase());
      if (!stream || !existing.mayJoin(stream)) continue;
      for (const user of audience)
        if (!existing.row(user.id, stream.id)?.active) joinable.get(user)!.add(stream.name);
    }
    return joinable;
  }

  // The missing channels, their recipients and their creation events, in a few statements.
  private async create(
    caller: ChatCaller,
    requests: readonly NewChannelRequest[],
    command: SubscribeCommand,
    tx: ChatTransaction,
  ): Promise<StreamEntity[]> {
    const { historyPublic } = this.settings(command);
    const dateCreated = this.clock.now();
    const streams = await this.streams.insertMany(
      tx,
      requests.map((request) => ({
        realmId: caller.realm.id,
        name: request.name,
        nameKey: request.name.toLowerCase(),
        description: request.description,
        inviteOnly: command.inviteOnly,
        historyPublicToSubscribers: historyPublic,
        isArchived: false,
        creatorId: caller.user.id,
        recipientId: 0,
        dateCreated,
        folderId: command.folderId ?? null,
      })),
    );
    const recipients = await this.messages.recipientsFor(
      tx,
      caller.realm.id,
      streams.map((stream) => ({
        type: RecipientType.STREAM,
        conversationKey: `stream:${stream.id}`,
        userIds: [],
      })),
    );
    for (const stream of streams) stream.recipientId = recipients.get(`stream:${stream.id}`)!;
    await this.streams.setRecipients(tx, new Map(streams.map((stream) => [stream.id, stream.recipientId])));
    await this.events.created(tx, streams);
    return streams;
  }

  // Public channels always share their history; private ones protect it unless asked.
  private settings(command: SubscribeCommand): NewChannelSettings {
    return {
      inviteOnly: command.inviteOnly,
      historyPublic: !command.inviteOnly || (command.historyPublicToSubscribers ?? false),
    };
  }
}

// The new subscription, or null when the user is already (actively) subscribed; a former
// subscription comes back with its settings.
function newSubscription(
  user: UserEntity,
  stream: StreamEntity,
  existing: SubscriptionEntity | null,
): SubscriptionEntity | null {
  if (existing?.active) return null;
  return Object.assign(new SubscriptionEntity(), {
    userId: user.id,
    streamId: stream.id,
    realmId: stream.realmId,
    active: true,
    color: existing?.color ?? subscriptionColor(stream.id),
    isMuted: existing?.isMuted ?? false,
    pinToTop: existing?.pinToTop ?? false,
  });
}

// A channel named twice (whatever the case) is one channel, as in Zulip's list_to_streams.
function uniqueByName<T extends { readonly name: string }>(requests: readonly T[]): T[] {
  const seen = new Set<string>();
  return requests.filter((request) => {
    const key = request.name.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
