import { IsInt, IsOptional, IsString, IsUrl, Max, Min } from 'class-validator';
import { Secret } from '@platform/config';

export class SandboxLauncherConfig {
  // Where the variables that point a deployment at the simulators are written (owner-only).
  @IsString()
  SANDBOX_ENV_FILE: string = '.data/sandbox.env';

  // Stable, so that a receiver registered with PUT /webhooks/endpoint answers after a restart.
  @IsInt()
  @Min(0)
  @Max(65535)
  SANDBOX_WEBHOOK_RECEIVER_PORT: number = 3009;

  // With both set, the launcher waits for that gateway and points its corridor catalogue and
  // deposit addresses at the sandbox, as `npm start` does for itself.
  @IsOptional()
  @IsUrl({ require_tld: false })
  GATEWAY_URL?: string;

  @Secret()
  @IsOptional()
  @IsString()
  OPS_API_KEY?: string;
}
