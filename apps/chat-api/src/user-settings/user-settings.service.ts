import { Inject, Injectable } from '@nestjs/common';
import { TransactionalOutbox } from '@platform/messaging';
import type { ChatTopics } from '@shared/contracts';
import { publishChatEvent } from '../core/events/chat-event.publisher.js';
import type { ChatCaller } from '../core/http/chat-caller.js';
import { UsersRepository } from '../users/users.repository.js';
import { UserExportConsentsRepository } from './user-export-consents.repository.js';

export interface SettingsChanges {
  readonly allowPrivateDataExport: boolean | undefined;
}

// PATCH /settings for the personal settings this server stores. As Zulip does, a value equal to
// the current one changes nothing and announces nothing.
@Injectable()
export class UserSettingsService {
  constructor(
    @Inject(TransactionalOutbox) private readonly outbox: TransactionalOutbox<ChatTopics>,
    private readonly consents: UserExportConsentsRepository,
    private readonly users: UsersRepository,
  ) {}

  async update({ user, realm }: ChatCaller, changes: SettingsChanges): Promise<Record<string, never>> {
    const allowed = changes.allowPrivateDataExport;
    if (allowed === undefined) return {};
    await this.outbox.run(async (tx) => {
      const previous = await this.consents.set(tx, realm.id, user.id, allowed);
      if (previous === allowed) return;
      await publishChatEvent(tx, {
        realmId: realm.id,
        userIds: [user.id],
        event: { type: 'user_settings', op: 'update', property: 'allow_private_data_export', value: allowed },
      });
      // Administrators' export screens list who consents.
      await publishChatEvent(tx, {
        realmId: realm.id,
        userIds: await this.users.humanAdministratorIds(realm.id, null, tx),
        event: { type: 'realm_export_consent', user_id: user.id, consented: allowed },
      });
    });
    return {};
  }
}
