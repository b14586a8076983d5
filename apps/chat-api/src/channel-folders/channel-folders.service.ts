import { Inject, Injectable } from '@nestjs/common';
import { TransactionalOutbox } from '@platform/messaging';
import type { ChatTopics } from '@shared/contracts';
import { Clock } from '@shared/util';
import type { ChatCaller } from '../core/http/chat-caller.js';
import { type ChatTransaction, publishChatEvent } from '../core/events/chat-event.publisher.js';
import { ChatError } from '../core/http/chat.error.js';
import { MessageRenderer } from '../markdown/message-renderer.js';
import { UsersRepository } from '../users/users.repository.js';
import type { ChannelFolderEntity } from './channel-folder.entity.js';
import { checkChannelFolderName } from './channel-folder-name.js';
import { channelFolderRow } from './channel-folder.presenter.js';
import { ChannelFoldersRepository } from './channel-folders.repository.js';

export interface ChannelFolderChanges {
  readonly description: string | undefined;
  readonly isArchived: boolean | undefined;
  readonly name: string | undefined;
}

// Zulip 11's channel folders (zerver/views/channel_folders.py, actions/channel_folders.py):
// administrators create, rename, describe, archive and order them; everyone reads them, and
// every active account of the realm hears of each change.
@Injectable()
export class ChannelFoldersService {
  constructor(
    @Inject(TransactionalOutbox) private readonly outbox: TransactionalOutbox<ChatTopics>,
    private readonly folders: ChannelFoldersRepository,
    private readonly users: UsersRepository,
    private readonly renderer: MessageRenderer,
    private readonly clock: Clock,
  ) {}

  async list(caller: ChatCaller, includeArchived: boolean) {
    const folders = await this.folders.list(caller.realm.id, includeArchived);
    return { channel_folders: folders.map(channelFolderRow) };
  }

  // "Invalid channel folder ID" for a missing one or another realm's.
  async require(caller: ChatCaller, id: number): Promise<ChannelFolderEntity> {
    const folder = await this.folders.findById(caller.realm.id, id);
    if (!folder) throw ChatError.badRequest('Invalid channel folder ID');
    return folder;
  }

  async create(caller: ChatCaller, name: string, description: string) {
    await this.checkName(caller, name);
    return this.outbox.run(async (tx) => {
      const folder = await this.folders.insert(tx, {
        realmId: caller.realm.id,
        name,
        description,
        renderedDescription: this.render(description),
        creatorId: caller.user.id,
        dateCreated: this.clock.now(),
        isArchived: false,
      });
      await this.announce(tx, caller, {
        type: 'channel_folder',
        op: 'add',
        channel_folder: channelFolderRow(folder),
      });
      return { channel_folder_id: folder.id };
    });
  }

  // Zulip's try_reorder_realm_channel_folders: every folder of the realm, archived ones too, must
  // be listed; an id listed twice keeps its last position, ids of no folder are passed over.
  async reorder(caller: ChatCaller, order: readonly number[]): Promise<Record<string, never>> {
    const positions = new Map(order.map((id, index) => [id, index] as const));
    await this.outbox.run(async (tx) => {
      const ids = await this.folders.ids(caller.realm.id, tx);
      if (ids.some((id) => !positions.has(id))) throw ChatError.badRequest('Invalid order mapping.');
      await this.folders.reorder(
        tx,
        caller.realm.id,
        new Map(ids.map((id) => [id, positions.get(id)!] as const)),
      );
      await this.announce(tx, caller, { type: 'channel_folder', op: 'reorder', order: [...order] });
    });
    return {};
  }

  // Zulip's update_channel_folder: name, then description, then archiving, each applied (and
  // announced) on its own once its checks pass, and only when it changes something.
  async update(
    caller: ChatCaller,
    id: number,
    changes: ChannelFolderChanges,
  ): Promise<Record<string, never>> {
    const folder = await this.require(caller, id);
    if (changes.name !== undefined && changes.name !== folder.name) {
      await this.checkName(caller, changes.name);
      await this.change(caller, folder, { name: changes.name }, { name: changes.name });
    }
    if (changes.description !== undefined && changes.description !== folder.description) {
      const rendered = this.render(changes.description);
      await this.change(
        caller,
        folder,
        { description: changes.description, renderedDescription: rendered },
        { description: changes.description, rendered_description: rendered },
      );
    }
    if (changes.isArchived !== undefined && changes.isArchived !== folder.isArchived) {
      if (changes.isArchived && (await this.folders.inUse(folder.id)))
        throw ChatError.badRequest('You need to remove all the channels from this folder to archive it.');
      await this.change(
        caller,
        folder,
        { isArchived: changes.isArchived },
        { is_archived: changes.isArchived },
      );
    }
    return {};
  }

  private async change(
    caller: ChatCaller,
    folder: ChannelFolderEntity,
    stored: Parameters<ChannelFoldersRepository['update']>[2],
    data: Record<string, unknown>,
  ): Promise<void> {
    await this.outbox.run(async (tx) => {
      await this.folders.update(tx, folder, stored);
      await this.announce(tx, caller, {
        type: 'channel_folder',
        op: 'update',
        channel_folder_id: folder.id,
        data,
      });
    });
  }

  private async checkName(caller: ChatCaller, name: string): Promise<void> {
    checkChannelFolderName(name);
    if (await this.folders.nameTaken(caller.realm.id, name))
      throw ChatError.badRequest('Channel folder name already in use');
  }

  // Zulip renders an empty description as nothing at all.
  private render(description: string): string {
    return description === '' ? '' : this.renderer.render(description);
  }

  private async announce(
    tx: ChatTransaction,
    caller: ChatCaller,
    event: Record<string, unknown>,
  ): Promise<void> {
    await publishChatEvent(tx, {
      realmId: caller.realm.id,
      userIds: await this.users.realmUserIds(caller.realm.id, tx),
      event,
    });
  }
}
