import { Injectable } from '@nestjs/common';
import { ChatApiConfig } from '../core/chat-api.config.js';

const MIB = 1024 * 1024;

// The server's upload bounds, from its config: the largest file and the realm quota (Zulip's
// MAX_FILE_UPLOAD_SIZE and upload_quota_mib; null is unlimited).
@Injectable()
export class UploadLimits {
  readonly maxFileMib: number;
  readonly realmQuotaMib: number | null;

  constructor(config: ChatApiConfig) {
    this.maxFileMib = config.CHAT_MAX_FILE_UPLOAD_SIZE_MIB;
    this.realmQuotaMib = config.CHAT_UPLOAD_QUOTA_MIB ?? null;
  }

  fileTooLarge(size: number): boolean {
    return size > this.maxFileMib * MIB;
  }

  exceedsQuota(usedBytes: number, size: number): boolean {
    return this.realmQuotaMib !== null && usedBytes + size > this.realmQuotaMib * MIB;
  }
}
