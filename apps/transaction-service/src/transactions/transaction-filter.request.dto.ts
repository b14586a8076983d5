import { ApiPropertyOptional } from '@nestjs/swagger';
import {
  IsEnum,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  ValidateBy,
  type ValidationArguments,
} from 'class-validator';
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

// A reversed range would silently find nothing: it is refused instead. Checked only when both
// ends are dates (a malformed one has its own message).
const IsNotBeforeFrom = (): PropertyDecorator =>
  ValidateBy(
    {
      name: 'isNotBeforeFrom',
      validator: {
        validate: (to: unknown, { object }: ValidationArguments) => {
          const from = (object as { from?: unknown }).from;
          if (typeof from !== 'string' || typeof to !== 'string') return true;
          const [start, end] = [Date.parse(from), Date.parse(to)];
          return Number.isNaN(start) || Number.isNaN(end) || end >= start;
        },
      },
    },
    { message: 'to must not be before from' },
  );

// The filters of the console's transaction reads (the list, its CSV export, its figures): every
// one is optional and they combine with AND.
export class TransactionFilterRequestDto {
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

  @ApiPropertyOptional({ format: 'date-time', description: 'Created before (ISO 8601); not before `from`' })
  @IsNotBeforeFrom()
  @IsIsoDateTime()
  @IsOptional()
  to?: string;
}
