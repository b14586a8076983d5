import { IsInt, IsString, Matches, Max, Min } from 'class-validator';
import { CommaSeparatedList, Secret } from '@platform/config';

const HOUR_MS = 60 * 60 * 1000;

export class WebhookDispatcherConfig {
  // Base64 of 32 random bytes (`openssl rand -base64 32`). Seals the partners' signing secrets at
  // rest (they must be readable to sign); losing it means every partner rotates its secret.
  @Secret()
  @Matches(/^[A-Za-z0-9+/]{42}[AEIMQUYcgkosw048]=$/, {
    message:
      'WEBHOOK_ENCRYPTION_KEY must be the base64 encoding of exactly 32 bytes (openssl rand -base64 32)',
  })
  WEBHOOK_ENCRYPTION_KEY!: string;

  // Hosts (exact names or IP literals) and CIDR ranges that webhook URLs may reach although they
  // are private, loopback, link-local or special-purpose, and over plain http. Empty in
  // production; dev and tests allow 127.0.0.1.
  @CommaSeparatedList()
  @IsString({ each: true })
  WEBHOOK_ALLOWED_HOSTS: string[] = [];

  // One attempt's limit: connect, send and the response headers.
  @IsInt()
  @Min(100)
  @Max(60_000)
  WEBHOOK_TIMEOUT_MS: number = 10_000;

  // How long after a rotation the previous secret still signs (and still travels in the header).
  @IsInt()
  @Min(0)
  WEBHOOK_SECRET_GRACE_MS: number = 24 * HOUR_MS;

  // Retries: exponential from the base, full jitter, each wait capped; a delivery still failing
  // once the window has passed since its first attempt is dead.
  @IsInt()
  @Min(10)
  WEBHOOK_RETRY_BASE_MS: number = 10_000;

  @IsInt()
  @Min(10)
  WEBHOOK_RETRY_MAX_DELAY_MS: number = HOUR_MS;

  @IsInt()
  @Min(0)
  WEBHOOK_RETRY_WINDOW_MS: number = 24 * HOUR_MS;

  // Deliveries in flight per process.
  @IsInt()
  @Min(1)
  @Max(256)
  WEBHOOK_CONCURRENCY: number = 16;

  // How often the worker looks for retries that came due. New events wake it at once.
  @IsInt()
  @Min(10)
  WEBHOOK_POLL_INTERVAL_MS: number = 1_000;
}
