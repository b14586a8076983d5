import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

// Query strings arrive as text; only plain digits become numbers, anything else fails IsInt.
const integer = ({ value }: { value: unknown }) =>
  typeof value === 'string' && /^\d{1,6}$/.test(value) ? Number(value) : value;
const PAGE = '$property must be an integer from 1 to 100000';
const PAGE_SIZE = '$property must be an integer from 1 to 100';

// A page of an operator list (partners, the audit log), newest first.
export class OpsPageRequestDto {
  @ApiPropertyOptional({ default: 1, minimum: 1, maximum: 100_000 })
  @Max(100_000, { message: PAGE })
  @Min(1, { message: PAGE })
  @IsInt({ message: PAGE })
  @IsOptional()
  @Transform(integer)
  page: number = 1;

  @ApiPropertyOptional({ default: 20, minimum: 1, maximum: 100 })
  @Max(100, { message: PAGE_SIZE })
  @Min(1, { message: PAGE_SIZE })
  @IsInt({ message: PAGE_SIZE })
  @IsOptional()
  @Transform(integer)
  pageSize: number = 20;
}
