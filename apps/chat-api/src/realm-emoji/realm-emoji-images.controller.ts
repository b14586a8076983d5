import { Controller, Inject, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { UploadDownload } from '../uploads/upload-download.decorator.js';
import { UPLOAD_STORE, type UploadStore } from '../uploads/upload.store.js';
import { emojiPathId } from '../core/custom-emoji-urls.js';
import { emojiContentType } from './emoji-image.js';
import { RealmEmojiRepository } from './realm-emoji.repository.js';

// The emoji images at their source_url, without credentials, as Zulip serves avatars and emoji
// (a browser loads them as <img> sources). Only files of recorded emoji are served: the
// upload store holds users' uploads too.
@Controller()
export class RealmEmojiImagesController {
  constructor(
    @Inject(UPLOAD_STORE) private readonly store: UploadStore,
    private readonly emoji: RealmEmojiRepository,
  ) {}

  @UploadDownload('user_avatars/:realm_id/emoji/images/:file_name', { credentials: false })
  async image(
    @Param('realm_id') realmId: string,
    @Param('file_name') fileName: string,
    @Res() response: Response,
  ): Promise<void> {
    const contentType = emojiContentType(fileName);
    const realm = /^\d{1,9}$/.test(realmId) ? Number(realmId) : undefined;
    const data =
      contentType !== undefined && realm !== undefined && (await this.emoji.hasFile(realm, fileName))
        ? await this.store.read(emojiPathId(realm, fileName))
        : undefined;
    if (data === undefined) {
      response.status(404).type('text/html; charset=utf-8').send('<p>File not found.</p>');
      return;
    }
    response
      .status(200)
      .set({
        'Content-Type': contentType!,
        'Cache-Control': 'public, max-age=31536000, immutable',
        'X-Content-Type-Options': 'nosniff',
      })
      .end(data);
  }
}
