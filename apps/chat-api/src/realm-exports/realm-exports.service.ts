import { Inject, Injectable } from '@nestjs/common';
import { TransactionalOutbox } from '@platform/messaging';
import type { ChatTopics } from '@shared/contracts';
import { Clock } from '@shared/util';
import type { RealmEntity } from '../core/accounts/realm.entity.js';
import { ChatApiConfig } from '../core/chat-api.config.js';
import type { ChatCaller } from '../core/http/chat-caller.js';
import { UserExportConsentsRepository } from '../user-settings/user-export-consents.repository.js';
import { RealmExportEvents } from './realm-export.events.js';
import { RealmExportStatus, RealmExportType } from './realm-export.entity.js';
import { realmExportRow } from './realm-export.presenter.js';
import { RealmExportWorker } from './realm-export.worker.js';
import { RealmExportErrors } from './realm-exports.errors.js';
import { RealmExportsRepository } from './realm-exports.repository.js';
import { ExportStorage } from './export-storage.js';

// Zulip's limit: 5 exports per realm in 7 days.
const EXPORTS_PER_WEEK = 5;
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

// Requesting, listing and deleting a realm's data exports (zerver/views/realm_export.py). The
// archive itself is built by RealmExportWorker.
@Injectable()
export class RealmExportsService {
  constructor(
    @Inject(TransactionalOutbox) private readonly outbox: TransactionalOutbox<ChatTopics>,
    private readonly exports: RealmExportsRepository,
    private readonly consents: UserExportConsentsRepository,
    private readonly events: RealmExportEvents,
    private readonly storage: ExportStorage,
    private readonly worker: RealmExportWorker,
    private readonly config: ChatApiConfig,
    private readonly clock: Clock,
  ) {}

  async request({ user, realm }: ChatCaller, type: RealmExportType): Promise<{ id: number }> {
    const supportEmail = this.config.CHAT_SUPPORT_EMAIL;
    const row = await this.outbox.run(async (tx) => {
      const now = this.clock.now();
      const recent = await this.exports.countRequestedSince(tx, realm.id, new Date(now.getTime() - WEEK_MS));
      if (recent >= EXPORTS_PER_WEEK) throw RealmExportErrors.rateLimited();
      // Zulip estimates from its message counts whichever the type (its public-only filter is
      // discarded), so every message of the realm counts here too.
      const limit = this.config.CHAT_EXPORT_MAX_MESSAGES;
      if ((await this.exports.countMessagesUpTo(tx, realm.id, limit + 1)) > limit)
        throw RealmExportErrors.tooLarge(supportEmail);
      if (type === RealmExportType.STANDARD && !(await this.consents.ownerConsents(realm.id, tx)))
        throw RealmExportErrors.noOwnerConsent(supportEmail);
      const created = await this.exports.insert(tx, {
        realmId: realm.id,
        actingUserId: user.id,
        type,
        dateRequested: now,
      });
      await this.events.announce(tx, realm);
      return created;
    });
    this.worker.wake();
    return { id: row.id };
  }

  async list(realm: Pick<RealmEntity, 'id' | 'url'>) {
    const rows = await this.exports.listByRealm(realm.id);
    return { exports: rows.map((row) => realmExportRow(row, realm.url)) };
  }

  async consentsOf(realm: RealmEntity) {
    return { export_consents: await this.consents.consents(realm.id) };
  }

  async delete(realm: Pick<RealmEntity, 'id' | 'url'>, id: number): Promise<Record<string, never>> {
    const path = await this.outbox.run(async (tx) => {
      const row = await this.exports.find(realm.id, id, tx);
      if (!row) throw RealmExportErrors.unknown();
      if (row.status === RealmExportStatus.DELETED) throw RealmExportErrors.alreadyDeleted();
      if (row.status === RealmExportStatus.FAILED) throw RealmExportErrors.failed();
      if (row.status !== RealmExportStatus.SUCCEEDED) throw RealmExportErrors.inProgress();
      await this.exports.move(tx, row.id, RealmExportStatus.DELETED, this.clock.now());
      await this.events.announce(tx, realm);
      return row.exportPath;
    });
    // Once the row says deleted nobody is served the file; removing it after the commit means a
    // failed commit never loses an archive the list still offers.
    if (path) await this.storage.delete(path);
    return {};
  }
}
