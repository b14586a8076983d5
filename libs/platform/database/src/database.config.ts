import { IsInt, IsOptional, IsString, Matches, Max, Min } from 'class-validator';
import { Secret } from '@platform/config';

export class DatabaseConfig {
  @Secret()
  @IsString()
  @Matches(/^postgres(ql)?:\/\//, { message: 'DATABASE_URL must be a postgres:// URL' })
  DATABASE_URL!: string;

  @IsInt()
  @Min(1)
  @Max(100)
  DATABASE_POOL_SIZE: number = 10;

  // Guards against a stuck query holding a connection forever; 0 disables.
  @IsInt()
  @Min(0)
  DATABASE_STATEMENT_TIMEOUT_MS: number = 15_000;

  @IsOptional()
  @IsString()
  DATABASE_APPLICATION_NAME?: string;
}
