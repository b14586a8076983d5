import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsDateString, IsEnum, IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { Blockchain, PaymentMethod, TransactionStatus } from '@shared/contracts';
import { PageNumber, PageSize } from './page-query.decorators.js';

const enumMessage = (values: object) => `$property must be one of ${Object.values(values).join(', ')}`;

// The console's transaction search: every filter is optional and they combine with AND.
export class SearchTransactionsRequestDto {
  @ApiPropertyOptional({
    description: 'A transaction id, its transaction_reference, its on-chain hash or an external user id',
    maxLength: 200,
  })
  @MaxLength(200, { message: '$property must be at most 200 characters' })
  @IsNotEmpty({ message: '$property must not be empty' })
  @IsString()
  @IsOptional()
  q?: string;

  @ApiPropertyOptional({ enum: TransactionStatus })
  @IsEnum(TransactionStatus, { message: enumMessage(TransactionStatus) })
  @IsOptional()
  status?: TransactionStatus;

  @ApiPropertyOptional({ enum: Blockchain })
  @IsEnum(Blockchain, { message: enumMessage(Blockchain) })
  @IsOptional()
  blockchain?: Blockchain;

  @ApiPropertyOptional({ enum: PaymentMethod, description: 'The payout rail' })
  @IsEnum(PaymentMethod, { message: enumMessage(PaymentMethod) })
  @IsOptional()
  paymentMethod?: PaymentMethod;

  @ApiPropertyOptional({ format: 'date-time', description: 'Created at or after (ISO 8601)' })
  @IsDateString({ strict: true }, { message: '$property must be an ISO 8601 date' })
  @IsOptional()
  from?: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'Created before (ISO 8601)' })
  @IsDateString({ strict: true }, { message: '$property must be an ISO 8601 date' })
  @IsOptional()
  to?: string;

  @PageNumber()
  page: number = 1;

  @PageSize()
  pageSize: number = 20;
}
