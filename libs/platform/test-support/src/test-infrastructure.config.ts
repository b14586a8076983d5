import { IsOptional, IsString } from 'class-validator';

// Where the real-infrastructure suites find PostgreSQL, Kafka and clamd (`tools/infra` prints
// these). Absent, the suites use embedded PostgreSQL and the in-memory bus.
export class TestInfrastructureConfig {
  @IsOptional()
  @IsString()
  TEST_DATABASE_URL?: string;

  @IsOptional()
  @IsString()
  KAFKA_BROKERS?: string;

  @IsOptional()
  @IsString()
  TEST_CLAMD_ADDRESS?: string;
}
