import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Clock } from '@shared/util';
import { ChatApiConfig } from '../core/chat-api.config.js';

// Zulip's temporary upload URLs (generate_unauthed_file_access_url): a token that names one
// path id for 60 seconds, so that a client can hand the file's URL to something that holds no
// credentials (a browser, a media player). Signed with a key derived from CHAT_SECRET_KEY.
const VALID_MS = 60_000;

@Injectable()
export class TemporaryUploadUrls {
  private readonly key: Buffer;

  constructor(
    config: ChatApiConfig,
    private readonly clock: Clock,
  ) {
    this.key = Buffer.from(hkdfSync('sha256', config.CHAT_SECRET_KEY, 'chat-api', 'upload-url-token', 32));
  }

  url(pathId: string): string {
    const payload = Buffer.from(JSON.stringify([pathId, this.clock.now().getTime() + VALID_MS])).toString(
      'base64url',
    );
    return `/user_uploads/temporary/${payload}.${this.sign(payload)}/${fileNameOf(pathId)}`;
  }

  // The path id a token names, or undefined for a token that is forged, malformed or expired.
  pathIdOf(token: string): string | undefined {
    const [payload = '', signature = ''] = token.split('.');
    const expected = Buffer.from(this.sign(payload));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    const [pathId, expiresAt] = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as [
      string,
      number,
    ];
    return expiresAt > this.clock.now().getTime() ? pathId : undefined;
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }
}

export function fileNameOf(pathId: string): string {
  return pathId.slice(pathId.lastIndexOf('/') + 1);
}
