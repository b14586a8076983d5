import { IsIn, IsInt, IsString, Max, Min } from 'class-validator';

export class StandaloneConfig {
  // The gateway's port; every other app takes a free port.
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT: number = 3000;

  // The sandbox webhook receiver's port, stable so that a receiver registered with
  // PUT /webhooks/endpoint still answers after a restart.
  @IsInt()
  @Min(0)
  @Max(65535)
  SANDBOX_WEBHOOK_RECEIVER_PORT: number = 3009;

  @IsString()
  DATA_DIR: string = '.data';

  // `on`: chat-api sends push registrations and notifications to the sandbox's push bouncer
  // (GET <its url>/requests shows them). Off by default, as Zulip is without a push service.
  @IsIn(['on', 'off'])
  SANDBOX_PUSH_BOUNCER: string = 'off';

  // Apps log at this level; the launcher itself always says what it is doing.
  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL: string = 'warn';
}
