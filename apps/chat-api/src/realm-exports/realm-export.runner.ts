import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { LOGGER, type Logger } from '@platform/logging';
import { TransactionalOutbox } from '@platform/messaging';
import type { ChatTopics } from '@shared/contracts';
import { Clock } from '@shared/util';
import { ChatApiConfig } from '../core/chat-api.config.js';
import type { RealmEntity } from '../core/accounts/realm.entity.js';
import { SendMessageUseCase } from '../messages/send-message.use-case.js';
import { RealmsRepository } from '../realms/realms.repository.js';
import { UserExportConsentsRepository } from '../user-settings/user-export-consents.repository.js';
import { UsersRepository } from '../users/users.repository.js';
import { ExportArchiveBuilder } from './export-archive.builder.js';
import { ExportStorage } from './export-storage.js';
import { RealmExportEvents } from './realm-export.events.js';
import { type RealmExportEntity, RealmExportStatus, RealmExportType } from './realm-export.entity.js';
import { RealmExportsRepository } from './realm-exports.repository.js';
import { TarGzWriter } from './tar-gz.writer.js';

// A build taken up this many times without finishing (its workers died, out of memory perhaps)
// is marked failed rather than tried again.
const MAX_ATTEMPTS = 3;
// Zulip's message to the administrator who asked (zerver/actions/realm_export.py).
const COMPLETED_NOTICE =
  'Your data export is complete. [View and download exports](/#organization/data-exports-admin).';

// Builds one claimed export: started → archive written to storage → succeeded, then the
// Notification Bot tells the requester; any error moves it to failed. Each move is announced
// to the administrators as Zulip's `realm_export` event (none for started, as in Zulip).
@Injectable()
export class RealmExportRunner {
  constructor(
    @Inject(TransactionalOutbox) private readonly outbox: TransactionalOutbox<ChatTopics>,
    private readonly exports: RealmExportsRepository,
    private readonly consents: UserExportConsentsRepository,
    private readonly events: RealmExportEvents,
    private readonly builder: ExportArchiveBuilder,
    private readonly storage: ExportStorage,
    private readonly realms: RealmsRepository,
    private readonly users: UsersRepository,
    private readonly sendMessage: SendMessageUseCase,
    private readonly config: ChatApiConfig,
    private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async run(row: RealmExportEntity): Promise<void> {
    const realm = await this.realms.findById(row.realmId);
    if (!realm) return;
    if (row.attempts > MAX_ATTEMPTS) {
      this.logger.error({ realmExportId: row.id }, 'realm export given up after repeated attempts');
      return this.fail(realm, row);
    }
    const started = await this.outbox.run((tx) =>
      this.exports.move(tx, row.id, RealmExportStatus.STARTED, this.clock.now(), {
        attempt: row.attempts,
      }),
    );
    if (!started) return;
    try {
      await this.build(realm, row);
    } catch (error) {
      this.logger.error({ err: error, realmExportId: row.id }, 'realm export failed');
      await this.fail(realm, row);
    }
  }

  private async build(realm: RealmEntity, row: RealmExportEntity): Promise<void> {
    const name = `zulip-export-${randomBytes(4).toString('hex')}`;
    const key = `${realm.id}/${randomBytes(16).toString('hex')}/${name}.tar.gz`;
    const consentingIds =
      row.type === RealmExportType.STANDARD
        ? (await this.consents.consents(realm.id)).filter((c) => c.consented).map((c) => c.user_id)
        : [];
    const pending = await this.storage.create(key);
    let written: { sizeBytes: number; sha256Hex: string };
    try {
      const archive = new TarGzWriter(pending.stream);
      await this.builder.write(archive, {
        realmId: realm.id,
        consentingIds,
        directory: name,
        progress: () => this.keepClaim(row),
      });
      written = await archive.finish();
      await pending.commit();
    } catch (error) {
      await pending.discard();
      throw error;
    }
    const succeeded = await this.outbox.run(async (tx) => {
      const moved = await this.exports.move(tx, row.id, RealmExportStatus.SUCCEEDED, this.clock.now(), {
        attempt: row.attempts,
        fields: {
          exportPath: key,
          tarballSizeBytes: String(written.sizeBytes),
          sha256sumHex: written.sha256Hex,
        },
      });
      if (moved) await this.events.announce(tx, realm);
      return moved;
    });
    // Another worker took the export over meanwhile: its archive is the one kept.
    if (!succeeded) return this.storage.delete(key);
    await this.tellRequester(realm, row.actingUserId).catch((error: unknown) =>
      this.logger.error({ err: error, realmExportId: row.id }, 'export notice not sent'),
    );
  }

  private async keepClaim(row: RealmExportEntity): Promise<void> {
    const held = await this.exports.renewClaim(
      row.id,
      row.attempts,
      this.clock.now(),
      this.config.CHAT_EXPORT_LEASE_MS,
    );
    if (!held) throw new Error(`realm export ${row.id} was taken over by another worker`);
  }

  private async fail(realm: RealmEntity, row: RealmExportEntity): Promise<void> {
    await this.outbox.run(async (tx) => {
      if (await this.exports.move(tx, row.id, RealmExportStatus.FAILED, this.clock.now()))
        await this.events.announce(tx, realm);
    });
  }

  private async tellRequester(realm: RealmEntity, userId: number): Promise<void> {
    const bot = realm.notificationBotId ? await this.users.findById(realm.id, realm.notificationBotId) : null;
    if (!bot) return;
    await this.sendMessage.execute(
      { user: bot, realm },
      {
        type: 'direct',
        to: JSON.stringify([userId]),
        topic: undefined,
        content: COMPLETED_NOTICE,
        readBySender: true,
        client: 'Internal',
      },
    );
  }
}
