import { IsInt, Max, Min } from 'class-validator';

export class DistributedConfig {
  @IsInt()
  @Min(1)
  @Max(65535)
  PORT: number = 3000;

  // The backends listen on consecutive ports from here.
  @IsInt()
  @Min(1)
  @Max(65000)
  BACKEND_BASE_PORT: number = 3101;
}
