import { Inject, Injectable } from '@nestjs/common';
import { TransactionalOutbox } from '@platform/messaging';
import type { ChatTopics } from '@shared/contracts';
import { ChannelFoldersService } from '../channel-folders/channel-folders.service.js';
import { type UserEntity, UserRole } from '../core/accounts/user.entity.js';
import { type ChatTransaction, publishChatEvent } from '../core/events/chat-event.publisher.js';
import type { ChatCaller } from '../core/http/chat-caller.js';
import { ChatError } from '../core/http/chat.error.js';
import { isAdministrator } from '../core/http/permissions.js';
import { DefaultStreamsRepository } from '../default-streams/default-streams.repository.js';
import { MessageRenderer } from '../markdown/message-renderer.js';
import { SendMessageUseCase } from '../messages/send-message.use-case.js';
import { administeredChannel } from '../streams/channel-administration.js';
import { checkStreamName } from '../streams/stream-name.js';
import type { StreamEntity } from '../streams/stream.entity.js';
import { streamRow } from '../streams/stream.presenter.js';
import { StreamsRepository } from '../streams/streams.repository.js';
import { UsersRepository } from '../users/users.repository.js';
import { descriptionNotice, permissionNotice, policyName, renameNotice } from './channel-notices.js';

// Zulip's Realm.STREAM_EVENTS_NOTIFICATION_TOPIC_NAME.
const CHANNEL_EVENTS_TOPIC = 'channel events';

export interface ChannelUpdate {
  readonly description: string | undefined;
  readonly isPrivate: boolean | undefined;
  readonly historyPublicToSubscribers: boolean | undefined;
  readonly isWebPublic: boolean | undefined;
  readonly newName: string | undefined;
  // null takes the channel out of its folder.
  readonly folderId: number | null | undefined;
}

// PATCH /streams/{stream_id}, as Zulip 11's update_stream_backend: every check first, then each
// change in Zulip's order (privacy, description, name, folder), each in its own transaction
// with its `stream` update event and, but for the folder, the Notification Bot's notice.
@Injectable()
export class UpdateChannelUseCase {
  constructor(
    @Inject(TransactionalOutbox) private readonly outbox: TransactionalOutbox<ChatTopics>,
    private readonly streams: StreamsRepository,
    private readonly users: UsersRepository,
    private readonly defaults: DefaultStreamsRepository,
    private readonly folders: ChannelFoldersService,
    private readonly renderer: MessageRenderer,
    private readonly sendMessage: SendMessageUseCase,
  ) {}

  async execute(caller: ChatCaller, streamId: number, update: ChannelUpdate): Promise<Record<string, never>> {
    const { stream, subscribed } = await administeredChannel(this.streams, caller, streamId);
    const privacy = await this.checkPrivacy(caller, stream, subscribed, update);
    if (privacy) await this.changePrivacy(caller, stream, privacy);
    if (update.description !== undefined)
      // Zulip allows no newline in a channel description.
      await this.changeDescription(caller, stream, update.description.replaceAll('\n', ' '));
    if (update.newName !== undefined) await this.rename(caller, stream, update.newName.trim());
    if (update.folderId !== undefined) await this.changeFolder(caller, stream, update.folderId);
    return {};
  }

  // The proposed privacy, refused as Zulip refuses it; null when no privacy parameter was sent.
  private async checkPrivacy(
    caller: ChatCaller,
    stream: StreamEntity,
    subscribed: boolean,
    update: ChannelUpdate,
  ) {
    const { isPrivate, isWebPublic, historyPublicToSubscribers } = update;
    const inviteOnly = isPrivate ?? stream.inviteOnly;
    const webPublic = isWebPublic ?? false;
    const isDefault = (await this.defaults.streamIds(caller.realm.id)).includes(stream.id);
    const historyPublic =
      historyPublicToSubscribers ??
      (isPrivate !== undefined ? !isPrivate : stream.historyPublicToSubscribers);
    if (webPublic && (!historyPublic || inviteOnly)) throw ChatError.badRequest('Invalid parameters');
    if (!inviteOnly && !historyPublic) throw ChatError.badRequest('Invalid parameters');
    if (inviteOnly && isDefault) throw ChatError.badRequest('A default channel cannot be private.');
    if (isPrivate !== undefined) {
      // Changing who may read a channel needs its content: a private one's subscribers only.
      const readsContent = subscribed || (!stream.inviteOnly && caller.user.role !== UserRole.GUEST);
      if (!readsContent) throw ChatError.badRequest('Channel content access is required.');
      if (caller.user.role === UserRole.GUEST) throw ChatError.badRequest('Insufficient permission');
    }
    // This server's realms do not enable spectator access.
    if (isWebPublic) throw ChatError.badRequest('Web-public channels are not enabled.');
    if (isPrivate === undefined && isWebPublic === undefined && historyPublicToSubscribers === undefined)
      return null;
    return { inviteOnly, historyPublicToSubscribers: historyPublic };
  }

  // Zulip's do_change_stream_permission: those who can see the channel only now get it created
  // (and its subscribers), everyone who sees it the update; the notice tells old and new policy.
  private async changePrivacy(
    caller: ChatCaller,
    stream: StreamEntity,
    privacy: { inviteOnly: boolean; historyPublicToSubscribers: boolean },
  ): Promise<void> {
    const oldPolicy = policyName(stream);
    const wasPrivate = stream.inviteOnly;
    const newPolicy = policyName(privacy);
    const notice = await this.notice(caller, stream, permissionNotice(caller.user, oldPolicy, newPolicy));
    await this.outbox.run(async (tx) => {
      await this.streams.updateSettings(tx, stream, privacy);
      const audience = await this.audience(tx, stream);
      let created = new Set<number>();
      if (wasPrivate && !stream.inviteOnly) {
        const subscribers = new Set(await this.streams.subscriberIds(stream.id, tx));
        created = new Set(
          audience
            .filter((user) => !subscribers.has(user.id) && !isAdministrator(user))
            .map((user) => user.id),
        );
        const stats = await this.streams.stats([stream], tx);
        await this.publish(tx, stream, [...created], {
          type: 'stream',
          op: 'create',
          streams: [streamRow(stream, this.renderer.render(stream.description), stats.get(stream.id)!)],
        });
        await this.publish(tx, stream, [...created], {
          type: 'subscription',
          op: 'peer_add',
          stream_ids: [stream.id],
          user_ids: [...subscribers].sort((a, b) => a - b),
        });
      }
      await this.publish(
        tx,
        stream,
        audience.filter((user) => !created.has(user.id)).map((user) => user.id),
        {
          op: 'update',
          type: 'stream',
          property: 'invite_only',
          value: stream.inviteOnly,
          history_public_to_subscribers: stream.historyPublicToSubscribers,
          is_web_public: false,
          stream_id: stream.id,
          name: stream.name,
        },
      );
      await this.writeNotice(tx, stream, notice);
    });
  }

  // Zulip's do_change_stream_description: sent even when the text is the same.
  private async changeDescription(
    caller: ChatCaller,
    stream: StreamEntity,
    description: string,
  ): Promise<void> {
    const notice = await this.notice(
      caller,
      stream,
      descriptionNotice(caller.user, stream.description, description),
    );
    await this.outbox.run(async (tx) => {
      await this.streams.updateSettings(tx, stream, { description });
      await this.publishToAudience(tx, stream, {
        type: 'stream',
        op: 'update',
        property: 'description',
        name: stream.name,
        stream_id: stream.id,
        value: description,
        rendered_description: this.renderer.render(description),
      });
      await this.writeNotice(tx, stream, notice);
    });
  }

  private async rename(caller: ChatCaller, stream: StreamEntity, newName: string): Promise<void> {
    if (stream.name === newName) throw ChatError.badRequest('Channel already has that name.');
    // A change of case only is no clash with itself.
    if (stream.name.toLowerCase() !== newName.toLowerCase()) {
      checkStreamName(newName);
      if (await this.streams.findByName(caller.realm.id, newName))
        throw ChatError.badRequest('Channel name already in use.');
    }
    const oldName = stream.name;
    // Drafted before the transaction (which holds a connection of its own until it commits).
    const notice = await this.notice(caller, stream, renameNotice(caller.user, oldName, newName));
    await this.outbox.run(async (tx) => {
      await this.streams.updateSettings(tx, stream, {
        name: newName,
        nameKey: newName.toLowerCase(),
      });
      await this.publishToAudience(tx, stream, {
        op: 'update',
        type: 'stream',
        property: 'name',
        value: newName,
        stream_id: stream.id,
        name: oldName,
      });
      // Addressed to the channel under its new name.
      await this.writeNotice(tx, stream, notice);
    });
  }

  private async changeFolder(
    caller: ChatCaller,
    stream: StreamEntity,
    folderId: number | null,
  ): Promise<void> {
    if (folderId !== null) await this.folders.require(caller, folderId);
    await this.outbox.run(async (tx) => {
      await this.streams.updateSettings(tx, stream, { folderId });
      await this.publishToAudience(tx, stream, {
        op: 'update',
        type: 'stream',
        property: 'folder_id',
        value: folderId,
        stream_id: stream.id,
        name: stream.name,
      });
    });
  }

  // Zulip's can_access_stream_metadata_user_ids: a public channel's members but guests (and its
  // guest subscribers), a private channel's subscribers and the administrators.
  private async audience(tx: ChatTransaction, stream: StreamEntity): Promise<UserEntity[]> {
    const subscribers = new Set(await this.streams.subscriberIds(stream.id, tx));
    return (await this.users.listByRealm(stream.realmId, tx)).filter(
      (user) =>
        user.isActive &&
        (subscribers.has(user.id) ||
          (stream.inviteOnly ? isAdministrator(user) : user.role !== UserRole.GUEST)),
    );
  }

  private async publishToAudience(tx: ChatTransaction, stream: StreamEntity, event: Record<string, unknown>) {
    const audience = await this.audience(tx, stream);
    await this.publish(
      tx,
      stream,
      audience.map((user) => user.id),
      event,
    );
  }

  private publish(
    tx: ChatTransaction,
    stream: StreamEntity,
    userIds: number[],
    event: Record<string, unknown>,
  ) {
    return publishChatEvent(tx, { realmId: stream.realmId, userIds, event });
  }

  // The Notification Bot's message for the channel's subscribers, drafted before it is written.
  private async notice(caller: ChatCaller, stream: StreamEntity, content: string) {
    const botId = caller.realm.notificationBotId;
    const bot = botId ? await this.users.findById(caller.realm.id, botId) : null;
    if (!bot) return null;
    const subscribers = await this.streams.subscriberIds(stream.id);
    const draft = await this.sendMessage.draftForNewChannel(
      { user: bot, realm: caller.realm },
      CHANNEL_EVENTS_TOPIC,
      content,
      subscribers,
      [],
    );
    return { draft, subscribers };
  }

  private async writeNotice(
    tx: ChatTransaction,
    stream: StreamEntity,
    notice: Awaited<ReturnType<UpdateChannelUseCase['notice']>>,
  ): Promise<void> {
    if (!notice) return;
    await this.sendMessage.write(tx, [
      this.sendMessage.addressToNewChannel(notice.draft, stream, notice.subscribers),
    ]);
  }
}
