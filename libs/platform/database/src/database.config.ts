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

  // A transaction left open without a statement for this long is ended by the server (its
  // connection closed, its work rolled back), so a stalled request cannot hold locks (or, on the
  // embedded database, the only backend); 0 disables. Optional in the type only: data sources
  // built by hand (tests, tools) go without.
  @IsInt()
  @Min(0)
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS?: number = 30_000;

  @IsOptional()
  @IsString()
  DATABASE_APPLICATION_NAME?: string;
}
