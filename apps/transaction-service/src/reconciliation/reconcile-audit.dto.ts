import { ApiProperty } from '@nestjs/swagger';
import { PageNumber, PageResponseDto, PageSize } from '@platform/http';
import { Blockchain } from '@shared/contracts';

export class ListReconcileAuditRequestDto {
  @PageNumber()
  page: number = 1;

  @PageSize()
  pageSize: number = 20;
}

class ReconcileAuditEntryDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ description: 'The X-Operator header of the call, else "ops"' })
  actor!: string;

  @ApiProperty({ enum: Blockchain, description: 'Empty when the refused request named none' })
  blockchain!: string;

  @ApiProperty()
  on_chain_tx!: string;

  @ApiProperty({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'The transaction the operator named',
  })
  requestedTransactionId!: string | null;

  @ApiProperty({
    example: 'enqueued',
    description: 'already_processed, enqueued, not_found, invalid, unresolved or error:<code>',
  })
  result!: string;

  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  transactionId!: string | null;

  @ApiProperty({ type: String, nullable: true })
  reason!: string | null;

  @ApiProperty({ format: 'date-time' })
  requestedAt!: string;
}

export class ReconcileAuditResponseDto extends PageResponseDto {
  @ApiProperty({ type: [ReconcileAuditEntryDto], description: 'Every reconcile call, newest first' })
  entries!: ReconcileAuditEntryDto[];
}
