import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsDefined, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

// Query strings arrive as text; only plain digits become numbers, anything else fails IsInt.
const integer = ({ value }: { value: unknown }) =>
  typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value;
const PAGE = '$property must be an integer of at least 1';
const PAGE_SIZE = '$property must be an integer from 1 to 100';

export class ListTransactionsRequestDto {
  @ApiProperty({ description: 'The user_id given at transaction creation' })
  @MaxLength(128, { message: '$property must be at most 128 characters' })
  @IsNotEmpty({ message: '$property must not be empty' })
  @IsString()
  @IsDefined({ message: '$property is required' })
  externalUserId!: string;

  @ApiPropertyOptional({ default: 1, minimum: 1 })
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
