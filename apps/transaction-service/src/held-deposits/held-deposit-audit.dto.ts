import { ApiProperty } from '@nestjs/swagger';
import { PageNumber, PageResponseDto, PageSize } from '@platform/http';

export class ListHeldDepositAuditRequestDto {
  @PageNumber()
  page: number = 1;

  @PageSize()
  pageSize: number = 20;
}

class HeldDepositAuditEntryDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ description: 'The X-Operator header of the call, else "ops"' })
  actor!: string;

  @ApiProperty({ enum: ['refund', 'assign'] })
  action!: string;

  @ApiProperty({ description: 'The deposit id as the request named it (an unknown one included)' })
  depositId!: string;

  @ApiProperty({
    type: String,
    nullable: true,
    description:
      'Where the refund goes (the sender unless the operator named another address), or the transaction it is assigned to',
  })
  target!: string | null;

  @ApiProperty({
    example: 'resolved',
    description: 'resolved, repeated (the request that resolved it, again) or error:<code>',
  })
  result!: string;

  @ApiProperty({ type: String, nullable: true, description: 'Why it was refused' })
  reason!: string | null;

  @ApiProperty({ format: 'date-time' })
  requestedAt!: string;
}

export class HeldDepositAuditResponseDto extends PageResponseDto {
  @ApiProperty({ type: [HeldDepositAuditEntryDto], description: 'Every request, newest first' })
  entries!: HeldDepositAuditEntryDto[];
}
