import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

const MAX_DAYS = 90;
const DAYS = `$property must be an integer from 1 to ${MAX_DAYS}`;

// A `days` query parameter of the console's statistics: how many UTC days back from today, 1 to
// 90, with one message for every refusal; `defaultDays` is documented here and set by the property.
export const DaysBackQuery = (defaultDays: number) =>
  applyDecorators(
    ApiPropertyOptional({
      default: defaultDays,
      minimum: 1,
      maximum: MAX_DAYS,
      description: 'Days back from today (UTC)',
    }),
    Max(MAX_DAYS, { message: DAYS }),
    Min(1, { message: DAYS }),
    IsInt({ message: DAYS }),
    IsOptional(),
    // Query strings arrive as text; only plain digits become numbers, anything else fails IsInt.
    Transform(({ value }: { value: unknown }) =>
      typeof value === 'string' && /^\d{1,3}$/.test(value) ? Number(value) : value,
    ),
  );
