import { readFile } from 'node:fs/promises';
import { basename, resolve, sep } from 'node:path';
import type { UnitOfWork } from '@platform/database';
import { newUploadPathId } from '../../uploads/upload-path.js';
import type { ImageHeader } from '../../uploads/thumbnails/image-reader.js';
import type { ImageUploads } from '../../uploads/thumbnails/image-uploads.js';
import type { UploadStore } from '../../uploads/upload.store.js';
import { ImportArchiveError } from './import-archive.error.js';
import type { ImportIds } from './import-ids.js';
import { fromSeconds, type RealmImportRepository, type Row } from './realm-import.repository.js';

// A `user_uploads/` link's path id in a message's markdown or HTML (the renderer writes it
// relative; markdown may write it absolute): up to the first character that ends a link.
const UPLOAD_LINK = /(user_uploads\/)([^\s"'<>()[\]?#]+)/g;

// The uploads of an archive (Zulip's import_uploads and import_attachments): each file of
// uploads/ goes into the store under the new realm with a new path id, messages' links are
// rewritten to the new path ids, and the attachment rows are written once the messages exist.
// Images are read from their files and thumbnailed anew, as Zulip's importer does.
export class UploadFilesImport {
  // Archive path id → new path id, of the files that came with the archive.
  private readonly paths = new Map<string, string>();
  // New path id → the header of a file that reads as an image to preview.
  private readonly images = new Map<string, { contentType: string; header: ImageHeader }>();

  constructor(
    private readonly store: UploadStore,
    private readonly imageUploads: ImageUploads,
    private readonly realmId: number,
  ) {}

  get recordedImages(): number {
    return this.images.size;
  }

  // Before the messages: they are written with their links rewritten. The store is not part
  // of the import's transaction: a failed import may leave files no attachment names.
  async copyFiles(directory: string, records: readonly Row[], attachments: readonly Row[]): Promise<void> {
    const contentTypes = new Map(attachments.map((row) => [row['path_id'], row['content_type']]));
    const uploads = resolve(directory, 'uploads');
    for (const record of records) {
      const path = String(record['s3_path'] ?? record['path']);
      const file = resolve(uploads, String(record['path']));
      if (!file.startsWith(uploads + sep)) throw new ImportArchiveError(`Invalid upload path: ${path}`);
      const data = await readFile(file).catch(() => undefined);
      if (!data) continue;
      const newPath = newUploadPathId(this.realmId, basename(path));
      const archived = contentTypes.get(path) ?? record['content_type'];
      const contentType = typeof archived === 'string' ? archived : '';
      await this.store.save(newPath, data, contentType);
      this.paths.set(path, newPath);
      const header = await this.imageUploads.inspect(contentType, data);
      if (header) this.images.set(newPath, { contentType, header });
    }
  }

  // Zulip's fix_upload_links: every link to a file that came with the archive names its new path.
  rewriteLinks(text: unknown): unknown {
    if (typeof text !== 'string' || !text.includes('user_uploads/')) return text;
    return text.replace(UPLOAD_LINK, (link, prefix: string, path: string) => {
      const newPath = this.paths.get(path) ?? this.paths.get(decoded(path));
      return newPath === undefined ? link : prefix + newPath;
    });
  }

  // After the messages: the attachment rows whose file came along, owner and messages remapped
  // (messages the import left out are dropped from the links), and the image rows of those that
  // read as images, for the thumbnail worker once the import commits.
  async importAttachments(
    repository: RealmImportRepository,
    unit: UnitOfWork,
    attachments: readonly Row[],
    ids: ImportIds,
  ): Promise<void> {
    const kept = attachments.filter((row) => this.paths.has(String(row['path_id'])));
    const newIds = await repository.allocateIds(unit, 'attachment', kept.length);
    await repository.insertRows(
      unit,
      'attachment',
      ['id', 'realm_id', 'user_id', 'path_id', 'file_name', 'content_type', 'size', 'create_time'],
      kept.map((row, index) => ({
        id: newIds[index],
        realm_id: this.realmId,
        user_id: ids.of('user', row['owner']),
        path_id: this.paths.get(String(row['path_id'])),
        file_name: row['file_name'],
        content_type: row['content_type'] ?? 'application/octet-stream',
        size: row['size'] ?? 0,
        create_time: fromSeconds(row['create_time']),
      })),
    );
    await repository.insertRows(
      unit,
      'attachment_message',
      ['attachment_id', 'message_id', 'realm_id'],
      kept.flatMap((row, index) =>
        ((row['messages'] ?? []) as unknown[])
          .filter((message) => ids.has('message', message))
          .map((message) => ({
            attachment_id: newIds[index],
            message_id: ids.of('message', message),
            realm_id: this.realmId,
          })),
      ),
    );
    for (const row of kept) {
      const pathId = this.paths.get(String(row['path_id'])) as string;
      const image = this.images.get(pathId);
      if (image)
        await this.imageUploads.record(
          unit,
          { realmId: this.realmId, pathId, contentType: image.contentType },
          image.header,
        );
    }
  }
}

function decoded(path: string): string {
  try {
    return decodeURIComponent(path.replace(/&amp;/g, '&'));
  } catch {
    return path;
  }
}
