import { IsInt, IsOptional, IsString, IsUrl, Min, MinLength } from 'class-validator';
import { Secret } from '@platform/config';

const serviceUrl = () => IsUrl({ require_tld: false, protocols: ['http', 'https'], require_protocol: true });

export class GatewayConfig {
  @serviceUrl()
  QUOTE_SERVICE_URL!: string;

  @serviceUrl()
  TRANSACTION_SERVICE_URL!: string;

  @serviceUrl()
  KYC_SERVICE_URL!: string;

  @serviceUrl()
  WEBHOOK_DISPATCHER_URL!: string;

  @serviceUrl()
  CHAT_API_URL!: string;

  // When set, every request for this host goes to chat-api (routing by host instead of path).
  @IsOptional()
  @IsString()
  CHAT_HOST?: string;

  // Server-side pepper of the API key hashes: a stolen table alone verifies nothing.
  @Secret()
  @IsString()
  @MinLength(32, { message: 'API_KEY_PEPPER must be at least 32 characters' })
  API_KEY_PEPPER!: string;

  @Secret()
  @IsString()
  @MinLength(32, { message: 'OPS_API_KEY must be at least 32 characters' })
  OPS_API_KEY!: string;

  @IsInt()
  @Min(100)
  PROXY_TIMEOUT_MS: number = 30_000;

  // Chat requests include GET /events long polls, which chat-api holds open for up to its
  // heartbeat period (50 s): the chat upstream may stay silent longer than the others.
  @IsInt()
  @Min(100)
  CHAT_PROXY_TIMEOUT_MS: number = 90_000;

  // KYC documents are uploads of up to 8 MiB plus form fields: above MAX_BODY_BYTES.
  @IsInt()
  @Min(1024)
  MAX_UPLOAD_BYTES: number = 9 * 1024 * 1024;

  // Chat file and custom emoji uploads (POST /api/v1/user_uploads, /realm/emoji/{name}): chat-api's CHAT_MAX_FILE_UPLOAD_SIZE_MIB
  // (default 25) plus room for the multipart framing; chat-api answers a file over its limit.
  @IsInt()
  @Min(1024)
  CHAT_MAX_UPLOAD_BYTES: number = 26 * 1024 * 1024;

  // A realm export archive an operator imports (POST /ops/chat/realm-imports, streamed to
  // chat-api's disk): a realm of a million messages makes an archive of a few hundred MiB.
  @IsInt()
  @Min(1024)
  CHAT_MAX_IMPORT_BYTES: number = 2 * 1024 * 1024 * 1024;

  // How long a looked-up API key (or its absence) is reused before asking the database again.
  @IsInt()
  @Min(0)
  API_KEY_CACHE_MS: number = 5_000;
}
