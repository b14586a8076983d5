import { IsIn, IsInt, IsString, Max, Min } from 'class-validator';

export class StandaloneConfig {
  // The gateway's port; every other app takes a free port.
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT: number = 3000;

  @IsString()
  DATA_DIR: string = '.data';

  // Apps log at this level; the launcher itself always says what it is doing.
  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL: string = 'warn';
}
