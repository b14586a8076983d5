import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { ConflictException, Inject, Injectable } from '@nestjs/common';
import { TransactionRunner, type UnitOfWork } from '@platform/database';
import { Clock } from '@shared/util';
import { BotType, UserRole } from '../../core/accounts/user.entity.js';
import { emojiPathId } from '../../core/custom-emoji-urls.js';
import { NOTIFICATION_BOT_EMAIL, NOTIFICATION_BOT_NAME } from '../../realms/create-realm.use-case.js';
import { emojiContentType } from '../../realm-emoji/emoji-image.js';
import { ImageUploads } from '../../uploads/thumbnails/image-uploads.js';
import { UPLOAD_STORE, type UploadStore } from '../../uploads/upload.store.js';
import { ApiKeyVault } from '../../users/api-key-vault.js';
import { realmStringId } from '../zulip-export-format.js';
import { ImportArchiveError } from './import-archive.error.js';
import { ImportIds } from './import-ids.js';
import { fromSeconds, RealmImportRepository, type Row } from './realm-import.repository.js';
import { MessageFilesImport } from './message-files.import.js';
import { realmTableImports } from './realm-tables.import.js';
import { type ArchiveTables, importTables } from './table-import.js';
import { extractTarGz } from './tar-gz.reader.js';
import { UploadFilesImport } from './upload-files.import.js';

// An archive unpacks to at most this much on the importing replica's disk (its temporary
// directory, removed when the import ends).
const MAX_UNPACKED_BYTES = 20 * 1024 ** 3;
const MESSAGES_FILE = /^messages-\d+\.json$/;
// A custom emoji's file name as this server and Zulip make them: no directory, no way out of emoji/.
const SAFE_FILE_NAME = /^[\w-]+(\.[\w-]+)*$/;

export interface RealmImportRequest {
  // The host the new realm is served on (its string_id is the first label); none: the server's
  // own address, string_id ''.
  readonly host: string | null;
  // The origin the operator called: the realm's URL when it has no host of its own.
  readonly origin: string;
}

export interface ImportedRealm {
  readonly realmId: number;
  readonly stringId: string;
  readonly url: string;
  readonly users: number;
  readonly messages: number;
}

// Restores a realm from an export of this server or of Zulip (the same layout): every row gets a
// new id and every reference is rewritten, all in one transaction, so a failed import leaves
// nothing behind. Messages are read one messages file at a time.
@Injectable()
export class RealmImporter {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly repository: RealmImportRepository,
    private readonly vault: ApiKeyVault,
    private readonly clock: Clock,
    @Inject(UPLOAD_STORE) private readonly store: UploadStore,
    private readonly imageUploads: ImageUploads,
  ) {}

  async import(archive: Readable, request: RealmImportRequest): Promise<ImportedRealm> {
    const stringId = realmStringId(request.host);
    const taken = () => new ConflictException(`A realm with string_id '${stringId}' already exists`);
    if (await this.repository.stringIdTaken(stringId)) throw taken();
    const workDir = await mkdtemp(join(tmpdir(), 'chat-realm-import-'));
    try {
      await extractTarGz(archive, workDir, MAX_UNPACKED_BYTES);
      const directory = await archiveDirectory(workDir);
      const tables: ArchiveTables = {
        ...withMirrorDummies(tablesOf('realm.json', await readJson(directory, 'realm.json'))),
        ...tablesOf('attachment.json', (await readOptionalJson(directory, 'attachment.json')) ?? {}),
      };
      const messageFiles = (await readdir(directory)).filter((name) => MESSAGES_FILE.test(name)).sort();
      const { realm, images } = await storable(() =>
        this.transactions.run((unit) =>
          this.restore(unit, { directory, tables, messageFiles }, request, taken),
        ),
      );
      if (images > 0) this.imageUploads.thumbnailRecorded();
      return realm;
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
  }

  // Every table of the archive into a new realm, inside the import's transaction.
  private async restore(
    unit: UnitOfWork,
    archive: { directory: string; tables: ArchiveTables; messageFiles: readonly string[] },
    request: RealmImportRequest,
    taken: () => Error,
  ): Promise<{ realm: ImportedRealm; images: number }> {
    const { directory, tables } = archive;
    const realm = await this.insertRealm(unit, tables, request);
    if (!realm) throw taken();
    const ids = new ImportIds();
    const botIds = await this.insertSystemBots(unit, realm.id, tables, ids);
    const credentials = () => {
      const apiKey = this.vault.generate();
      return { apiKeyHash: this.vault.hash(apiKey), apiKeySealed: this.vault.seal(apiKey) };
    };
    await importTables(this.repository, unit, realmTableImports(realm.id, tables, credentials), tables, ids);
    await this.copyEmojiImages(directory, realm.id, tables);
    const attachments = tables['zerver_attachment'] ?? [];
    const uploads = new UploadFilesImport(this.store, this.imageUploads, realm.id);
    const uploadRecords = (await readOptionalJson(directory, 'uploads/records.json')) ?? [];
    if (!Array.isArray(uploadRecords)) throw new ImportArchiveError('uploads/records.json is not a list');
    await uploads.copyFiles(directory, uploadRecords as Row[], attachments);
    const messages = new MessageFilesImport(this.repository, unit, realm.id, tables, ids, uploads);
    await messages.importConversations();
    for (const name of archive.messageFiles)
      await messages.importFile(tablesOf(name, await readJson(directory, name)));
    await messages.importMessageReferences();
    await uploads.importAttachments(this.repository, unit, attachments, ids);
    await this.repository.setNotificationBot(unit, realm.id, botIds.get(NOTIFICATION_BOT_EMAIL) ?? null);
    const imported = {
      realmId: realm.id,
      stringId: realmStringId(request.host),
      url: realm.url,
      users: (tables['zerver_userprofile'] ?? []).length,
      messages: messages.messages,
    };
    return { realm: imported, images: uploads.recordedImages };
  }

  // Each custom emoji's image from emoji/{old realm id}/emoji/images/{file} of the archive into
  // the upload store under the new realm's id (an image the archive lacks, as an export leaves
  // out one its store lost, stays missing). The store is not part of the transaction: a failed
  // import may leave images no emoji row names.
  private async copyEmojiImages(directory: string, realmId: number, tables: ArchiveTables): Promise<void> {
    const sourceRealmId = Number(tables['zerver_realm']?.[0]?.['id']);
    for (const emoji of tables['zerver_realmemoji'] ?? []) {
      const fileName = String(emoji['file_name']);
      if (!SAFE_FILE_NAME.test(fileName))
        throw new ImportArchiveError(`Invalid custom emoji file name: ${fileName}`);
      const image = await readFile(join(directory, 'emoji', emojiPathId(sourceRealmId, fileName))).catch(
        () => undefined,
      );
      if (image)
        await this.store.save(emojiPathId(realmId, fileName), image, emojiContentType(fileName) ?? '');
    }
  }

  private insertRealm(
    unit: UnitOfWork,
    tables: ArchiveTables,
    request: RealmImportRequest,
  ): Promise<{ id: number; url: string } | null> {
    const [source] = tables['zerver_realm'] ?? [];
    if (!source) throw new ImportArchiveError('realm.json has no zerver_realm row');
    return this.repository.insertRealm(unit, {
      name: source['name'],
      host: request.host,
      url: request.host ? `https://${request.host}` : request.origin,
      deactivated: source['deactivated'],
      createdAt: fromSeconds(source['date_created']),
    });
  }

  // Zulip's system bots live in a realm of their own and are exported as zerver_userprofile_crossrealm;
  // here each realm has its own, so the import creates them in the new realm.
  private async insertSystemBots(
    unit: UnitOfWork,
    realmId: number,
    tables: ArchiveTables,
    ids: ImportIds,
  ): Promise<Map<string, number>> {
    const bots = tables['zerver_userprofile_crossrealm'] ?? [];
    const newIds = await this.repository.allocateIds(unit, 'user_profile', bots.length);
    const byEmail = new Map<string, number>();
    const rows: Row[] = bots.map((bot, index) => {
      const email = String(bot['email']);
      const apiKey = this.vault.generate();
      ids.set('user', bot['id'] as number, newIds[index]!);
      byEmail.set(email, newIds[index]!);
      return {
        id: newIds[index],
        realm_id: realmId,
        email,
        email_key: email.toLowerCase(),
        full_name: SYSTEM_BOT_NAMES[email] ?? email.split('@')[0],
        role: UserRole.MEMBER,
        is_active: true,
        bot_type: BotType.GENERIC,
        api_key_hash: this.vault.hash(apiKey),
        api_key_sealed: this.vault.seal(apiKey),
        date_joined: this.clock.now().toISOString(),
      };
    });
    if (rows.length > 0) await this.repository.insertRows(unit, 'user_profile', Object.keys(rows[0]!), rows);
    return byEmail;
  }
}

// Zulip's system bots' names (settings.INTERNAL_BOTS).
const SYSTEM_BOT_NAMES: Readonly<Record<string, string>> = {
  [NOTIFICATION_BOT_EMAIL]: NOTIFICATION_BOT_NAME,
  'emailgateway@zulip.com': 'Email Gateway',
  'welcome-bot@zulip.com': 'Welcome Bot',
};

// A row the schema refuses (a value too long, a duplicate, a missing required field: SQLSTATE
// classes 22 and 23) comes from the archive, not from this server.
async function storable<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const code = (error as { driverError?: { code?: string } }).driverError?.code ?? '';
    if (code.startsWith('22') || code.startsWith('23'))
      throw new ImportArchiveError(
        `The archive holds rows this server cannot store (${(error as Error).message})`,
      );
    throw error;
  }
}

// Zulip exports users who did not consent (and its mirror dummies) as inactive
// zerver_userprofile_mirrordummy rows: they are imported as deactivated users, so their
// messages keep their sender.
function withMirrorDummies(tables: ArchiveTables): ArchiveTables {
  const dummies = tables['zerver_userprofile_mirrordummy'] ?? [];
  if (dummies.length === 0) return tables;
  return {
    ...tables,
    zerver_userprofile: [
      ...(tables['zerver_userprofile'] ?? []),
      ...dummies.map((user) => ({ ...user, is_active: false })),
    ],
  };
}

// The archive's own directory (Zulip's zulip-export-<random>/), where realm.json is.
async function archiveDirectory(workDir: string): Promise<string> {
  const entries = await readdir(workDir, { withFileTypes: true });
  if (entries.some((entry) => entry.name === 'realm.json')) return workDir;
  const [top] = entries.filter((entry) => entry.isDirectory());
  if (!top || !(await readdir(join(workDir, top.name))).includes('realm.json'))
    throw new ImportArchiveError('The archive has no realm.json');
  return join(workDir, top.name);
}

// A file's tables, refused with a 400 unless each table (`zerver_…`) is a list of rows: the
// import reads them as such, and a number or a string there would otherwise fail as a 500.
function tablesOf(name: string, value: unknown): ArchiveTables {
  if (!isPlainObject(value)) throw new ImportArchiveError(`${name} is not an object of tables`);
  for (const [table, rows] of Object.entries(value)) {
    if (table.startsWith('zerver_') && !(Array.isArray(rows) && rows.every(isPlainObject)))
      throw new ImportArchiveError(`${name}: ${table} is not a list of rows`);
  }
  return value as ArchiveTables;
}

function isPlainObject(value: unknown): value is Row {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// A file an archive may lack (an export of a server without uploads has no attachment.json).
async function readOptionalJson(directory: string, name: string): Promise<unknown> {
  const present = await stat(join(directory, name)).then(
    () => true,
    () => false,
  );
  return present ? readJson(directory, name) : undefined;
}

async function readJson(directory: string, name: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(join(directory, name), 'utf8'));
  } catch (error) {
    throw new ImportArchiveError(`${name} is not valid JSON: ${(error as Error).message}`);
  }
}
