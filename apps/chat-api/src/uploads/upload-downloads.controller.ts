import { Controller, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { type ChatCaller, CurrentCaller } from '../core/http/chat-caller.js';
import { ChatEndpoint } from '../core/http/chat-endpoint.decorator.js';
import { sendMissingThumbnail, sendUpload, sendUploadRefusal } from './served-upload.js';
import { ServeUploadUseCase, type TemporaryUrlAnswer, type UploadOpening } from './serve-upload.use-case.js';
import { ServeThumbnailUseCase } from './thumbnails/serve-thumbnail.use-case.js';
import { UploadDownload } from './upload-download.decorator.js';

const FILE_PATH = 'user_uploads/:realm_id/:spread/:random/:file_name';
const THUMBNAIL_PATH = 'user_uploads/thumbnail/:realm_id/:spread/:random/:file_name/:format';

interface FilePath {
  readonly realm_id: string;
  readonly spread: string;
  readonly random: string;
  readonly file_name: string;
}

// The files themselves, at the site root: with the caller's credentials, or through a
// temporary URL's token; an image's thumbnails, with credentials; and, under /api/v1, a file's
// temporary URL. Refusals are Zulip's HTML
// pages, the API route's included (Zulip serves all three from one view).
@Controller()
export class UploadDownloadsController {
  constructor(
    private readonly serveUpload: ServeUploadUseCase,
    private readonly serveThumbnail: ServeThumbnailUseCase,
  ) {}

  @UploadDownload(FILE_PATH, { credentials: true })
  async download(@CurrentCaller() caller: ChatCaller, @Param() path: FilePath, @Res() response: Response) {
    send(response, await this.serveUpload.open(caller, pathIdOf(path)));
  }

  @UploadDownload(THUMBNAIL_PATH, { credentials: true })
  async thumbnail(
    @CurrentCaller() caller: ChatCaller,
    @Param() path: FilePath,
    @Param('format') format: string,
    @Res() response: Response,
  ) {
    const opening = await this.serveThumbnail.open(caller, pathIdOf(path), format);
    if (opening.kind === 'no-thumbnail') await sendMissingThumbnail(response);
    else send(response, opening);
  }

  @ChatEndpoint('GET', FILE_PATH)
  async temporaryUrl(
    @CurrentCaller() caller: ChatCaller,
    @Param() path: FilePath,
    @Res() response: Response,
  ) {
    const answer = await this.serveUpload.temporaryUrl(caller, pathIdOf(path));
    if (answer.kind === 'url') response.status(200).json({ result: 'success', msg: '', url: answer.url });
    else send(response, answer);
  }

  @UploadDownload('user_uploads/temporary/:token/:file_name', { credentials: false })
  async downloadTemporary(
    @Param('token') token: string,
    @Param('file_name') fileName: string,
    @Res() response: Response,
  ) {
    send(response, await this.serveUpload.openTemporary(token, fileName));
  }
}

type TemporaryUrlRefusal = Exclude<TemporaryUrlAnswer, { kind: 'url' }>;

function pathIdOf(path: FilePath): string {
  return `${path.realm_id}/${path.spread}/${path.random}/${path.file_name}`;
}

function send(response: Response, opening: UploadOpening | TemporaryUrlRefusal): void {
  if (opening.kind === 'file') sendUpload(response, opening);
  else sendUploadRefusal(response, opening.kind === 'missing' ? 404 : 403);
}
