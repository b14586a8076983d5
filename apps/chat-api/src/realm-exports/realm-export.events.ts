import { Injectable } from '@nestjs/common';
import type { RealmEntity } from '../core/accounts/realm.entity.js';
import { type ChatTransaction, publishChatEvent } from '../core/events/chat-event.publisher.js';
import { UsersRepository } from '../users/users.repository.js';
import { realmExportRow } from './realm-export.presenter.js';
import { RealmExportsRepository } from './realm-exports.repository.js';

// Zulip's notify_realm_export: every human administrator's queues get the realm's whole export
// list, read in the transaction that changed it.
@Injectable()
export class RealmExportEvents {
  constructor(
    private readonly exports: RealmExportsRepository,
    private readonly users: UsersRepository,
  ) {}

  async announce(tx: ChatTransaction, realm: Pick<RealmEntity, 'id' | 'url'>): Promise<void> {
    const rows = await this.exports.listByRealm(realm.id, tx);
    await publishChatEvent(tx, {
      realmId: realm.id,
      userIds: await this.users.humanAdministratorIds(realm.id, null, tx),
      event: { type: 'realm_export', exports: rows.map((row) => realmExportRow(row, realm.url)) },
    });
  }
}
