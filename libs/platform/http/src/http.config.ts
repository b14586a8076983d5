import { IsIn, IsInt, IsString, Max, Min, MinLength } from 'class-validator';
import { Secret } from '@platform/config';

export class HttpConfig {
  @IsIn(['development', 'test', 'production'])
  NODE_ENV: 'development' | 'test' | 'production' = 'development';

  @IsInt()
  @Min(0)
  @Max(65535)
  PORT: number = 3000;

  @IsString()
  HOST: string = '0.0.0.0';

  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent' = 'info';

  @IsInt()
  @Min(1024)
  MAX_BODY_BYTES: number = 1024 * 1024;

  // On SIGTERM the app stops accepting connections and lets requests in flight finish for up to
  // this long (a chat long poll may not), then cuts what is left and shuts its consumers and
  // database down. Below Kubernetes' 30 s grace period.
  @IsInt()
  @Min(0)
  @Max(120_000)
  SHUTDOWN_DRAIN_MS: number = 10_000;

  // Signs and verifies the identity the gateway forwards and the tokens services send each other.
  @Secret()
  @IsString()
  @MinLength(32, { message: 'INTERNAL_AUTH_SECRET must be at least 32 characters' })
  INTERNAL_AUTH_SECRET!: string;
}
