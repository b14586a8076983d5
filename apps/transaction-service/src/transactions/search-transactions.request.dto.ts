import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsEnum, IsNotEmpty, IsOptional, IsString, Matches, MaxLength, ValidateBy } from 'class-validator';
import { PageNumber, PageSize } from '@platform/http';
import { isCalendarDate } from '@shared/util';
import { Blockchain, PaymentMethod, TransactionStatus } from '@shared/contracts';

const enumMessage = (values: object) => `$property must be one of ${Object.values(values).join(', ')}`;

const DATE_MESSAGE = '$property must be an ISO 8601 date';
// A calendar date, or a date and time with an optional offset, naming a day that exists (any year
// from 0000: validator's strict check refuses those before 100) and a time JavaScript can read.
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;
const IsIsoDateTime = (): PropertyDecorator => (target, key) => {
  Matches(ISO_DATE_TIME, { message: DATE_MESSAGE })(target, key);
  ValidateBy(
    {
      name: 'isCalendarDate',
      validator: { validate: (value) => typeof value === 'string' && isCalendarDate(value) },
    },
    { message: DATE_MESSAGE },
  )(target, key);
};

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
  @IsIsoDateTime()
  @IsOptional()
  from?: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'Created before (ISO 8601)' })
  @IsIsoDateTime()
  @IsOptional()
  to?: string;

  @PageNumber()
  page: number = 1;

  @PageSize()
  pageSize: number = 20;
}
