import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Blockchain, TransactionStatus } from '@shared/contracts';

export class ReconcileHashResponseDto {
  @ApiProperty({ enum: Blockchain })
  blockchain!: Blockchain;

  @ApiProperty()
  on_chain_tx!: string;

  @ApiProperty({ enum: ['already_processed', 'enqueued', 'not_found', 'invalid', 'unresolved'] })
  result!: string;

  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  transaction_id!: string | null;

  @ApiProperty({ enum: TransactionStatus, nullable: true })
  status!: TransactionStatus | null;

  @ApiPropertyOptional()
  reason?: string;
}
