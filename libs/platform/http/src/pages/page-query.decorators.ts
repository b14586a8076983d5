import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

// Query strings arrive as text; only plain digits become numbers, anything else fails IsInt.
const integer = ({ value }: { value: unknown }) =>
  typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value;
// Nine digits at most (as above): the page's offset stays a number PostgreSQL takes.
const MAX_PAGE = 999_999_999;
const PAGE = `$property must be an integer from 1 to ${MAX_PAGE}`;
const PAGE_SIZE = '$property must be an integer from 1 to 100';

// `page` of a paged list query (1-based, default 1 on the property's initializer).
export const PageNumber = () =>
  applyDecorators(
    ApiPropertyOptional({ default: 1, minimum: 1, maximum: MAX_PAGE }),
    Max(MAX_PAGE, { message: PAGE }),
    Min(1, { message: PAGE }),
    IsInt({ message: PAGE }),
    IsOptional(),
    Transform(integer),
  );

// `pageSize` of a paged list query (1 to 100, default 20 on the property's initializer).
export const PageSize = () =>
  applyDecorators(
    ApiPropertyOptional({ default: 20, minimum: 1, maximum: 100 }),
    Max(100, { message: PAGE_SIZE }),
    Min(1, { message: PAGE_SIZE }),
    IsInt({ message: PAGE_SIZE }),
    IsOptional(),
    Transform(integer),
  );
