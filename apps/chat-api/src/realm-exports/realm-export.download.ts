import { Injectable } from '@nestjs/common';
import type { Readable } from 'node:stream';
import { basename } from 'node:path';
import { ChatError } from '../core/http/chat.error.js';
import { RealmExportStatus } from './realm-export.entity.js';
import { RealmExportsRepository } from './realm-exports.repository.js';
import { ExportStorage } from './export-storage.js';

// Finds a realm's finished archive. Another realm's export, and one not (or no longer)
// available, are the same 404.
@Injectable()
export class RealmExportDownload {
  constructor(
    private readonly exports: RealmExportsRepository,
    private readonly storage: ExportStorage,
  ) {}

  async open(realmId: number, id: number): Promise<{ stream: Readable; size: number; fileName: string }> {
    const row = await this.exports.find(realmId, id);
    const opened =
      row?.status === RealmExportStatus.SUCCEEDED && row.exportPath
        ? await this.storage.open(row.exportPath)
        : null;
    if (!row?.exportPath || !opened) throw ChatError.notFound('Not Found');
    return { ...opened, fileName: basename(row.exportPath) };
  }
}
