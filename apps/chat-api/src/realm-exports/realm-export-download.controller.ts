import { Controller, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { pipeline } from 'node:stream/promises';
import { type ChatCaller, CurrentCaller } from '../core/http/chat-caller.js';
import { ChatEndpoint } from '../core/http/chat-endpoint.decorator.js';
import { pathId } from '../core/http/path-id.js';
import { ChatError } from '../core/http/chat.error.js';
import { isAdministrator } from '../core/http/permissions.js';
import { RealmExportDownload } from './realm-export.download.js';

// The archive of a finished export, for the realm's administrators (the `export_url` of
// GET /export/realm). The body is the file, not Zulip's JSON envelope. Zulip serves archives as
// files, so anyone else finds no file there: the same 404 as a missing archive, not the
// administrator refusal, which would tell them the export exists.
@Controller()
export class RealmExportDownloadController {
  constructor(private readonly download: RealmExportDownload) {}

  @ChatEndpoint('GET', 'export/realm/:export_id/download')
  async get(@CurrentCaller() caller: ChatCaller, @Param('export_id') id: string, @Res() response: Response) {
    if (!isAdministrator(caller.user)) throw ChatError.notFound('Not Found');
    const archive = await this.download.open(caller.realm.id, pathId(id));
    response.status(200);
    response.setHeader('Content-Type', 'application/gzip');
    response.setHeader('Content-Length', String(archive.size));
    response.setHeader('Content-Disposition', `attachment; filename="${archive.fileName}"`);
    // pipeline, not pipe: a read that fails midway ends the response instead of leaving the
    // client waiting, and a client that goes away closes the file. Either way the headers are
    // sent and nothing is left to answer.
    await pipeline(archive.stream, response).catch(() => undefined);
  }
}
