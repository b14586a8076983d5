import { Inject, Injectable } from '@nestjs/common';
import { TransactionalOutbox } from '@platform/messaging';
import type { ChatTopics } from '@shared/contracts';
import type { ChatCaller } from '../core/http/chat-caller.js';
import type { RequestFile } from '../core/http/request-params.js';
import { type ChatTransaction, publishChatEvent } from '../core/events/chat-event.publisher.js';
import { isAdministrator } from '../core/http/permissions.js';
import { isUnicodeEmojiName } from '../reactions/emoji.js';
import { uploadContentType } from '../uploads/upload-content-type.js';
import { UPLOAD_STORE, type UploadStore } from '../uploads/upload.store.js';
import { UserGroupAccess } from '../user-groups/user-group-access.js';
import { UsersRepository } from '../users/users.repository.js';
import { checkedEmojiName } from './emoji-name.js';
import { emojiPathId } from '../core/custom-emoji-urls.js';
import { emojiExtension, MAX_EMOJI_FILE_SIZE_MIB, newEmojiFileName } from './emoji-image.js';
import { realmEmojiDicts } from './realm-emoji.presenter.js';
import { RealmEmojiErrors } from './realm-emoji.errors.js';
import { RealmEmojiRepository } from './realm-emoji.repository.js';

const MIB = 1024 * 1024;

// Zulip 11's custom emoji (zerver/views/realm_emoji.py, zerver/actions/realm_emoji.py): every
// user reads the realm's set; the realm's can_add_custom_emoji_group add one (Zulip's default,
// role:members, which this server does not let an organization change); administrators and the
// emoji's author deactivate it. Each change sends the whole set, deactivated emoji included, to
// every active user in a `realm_emoji` `update` event.
@Injectable()
export class RealmEmojiService {
  constructor(
    @Inject(TransactionalOutbox) private readonly outbox: TransactionalOutbox<ChatTopics>,
    @Inject(UPLOAD_STORE) private readonly store: UploadStore,
    private readonly emoji: RealmEmojiRepository,
    private readonly users: UsersRepository,
    private readonly groups: UserGroupAccess,
  ) {}

  async list(realmId: number) {
    return realmEmojiDicts(await this.emoji.list(realmId));
  }

  // Zulip's order of checks: the name, the permission, whether it is taken, the file count, a
  // built-in name, then the file.
  async add(caller: ChatCaller, givenName: string, files: readonly RequestFile[]): Promise<object> {
    const name = checkedEmojiName(givenName);
    if (!(await this.groups.realmPermits(caller, 'can_add_custom_emoji_group')))
      throw RealmEmojiErrors.insufficientPermission();
    const realmId = caller.realm.id;
    if (await this.emoji.findActive(realmId, name)) throw RealmEmojiErrors.nameTaken();
    if (files.length !== 1) throw RealmEmojiErrors.notOneFile();
    if (isUnicodeEmojiName(name) && !isAdministrator(caller.user)) throw RealmEmojiErrors.builtInName();
    const [file] = files as [RequestFile];
    if (file.data.length > MAX_EMOJI_FILE_SIZE_MIB * MIB)
      throw RealmEmojiErrors.tooLarge(MAX_EMOJI_FILE_SIZE_MIB);
    // A part without a type (python `zulip` sends none) is typed by its name (get_file_info).
    const contentType = uploadContentType(file.contentType, file.fileName);
    const extension = emojiExtension(contentType);
    if (extension === undefined) throw RealmEmojiErrors.invalidImage();

    // The file first: an emoji row never points at a missing image. A refused row leaves an
    // unreferenced file, removed at once.
    const fileName = newEmojiFileName(extension);
    const pathId = emojiPathId(realmId, fileName);
    await this.store.save(pathId, file.data, contentType);
    const added = await this.outbox.run(async (tx) => {
      const inserted = await this.emoji.insert(tx, { realmId, name, authorId: caller.user.id, fileName });
      if (inserted) await this.announce(tx, realmId);
      return inserted;
    });
    if (!added) {
      await this.store.remove(pathId);
      throw RealmEmojiErrors.nameTaken();
    }
    return {};
  }

  async deactivate(caller: ChatCaller, givenName: string): Promise<object> {
    const realmId = caller.realm.id;
    const emoji = await this.emoji.findActive(realmId, givenName);
    if (!emoji) throw RealmEmojiErrors.unknown(givenName);
    if (!isAdministrator(caller.user) && emoji.authorId !== caller.user.id)
      throw RealmEmojiErrors.notAuthor();
    await this.outbox.run(async (tx) => {
      if (await this.emoji.deactivate(tx, realmId, givenName)) await this.announce(tx, realmId);
    });
    return {};
  }

  private async announce(tx: ChatTransaction, realmId: number): Promise<void> {
    await publishChatEvent(tx, {
      realmId,
      userIds: await this.users.realmUserIds(realmId, tx),
      event: {
        type: 'realm_emoji',
        op: 'update',
        realm_emoji: realmEmojiDicts(await this.emoji.list(realmId, tx)),
      },
    });
  }
}
