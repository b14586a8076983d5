import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { PageNumber, PageSize } from '@platform/http';

export class ListTransactionsRequestDto {
  @ApiProperty({ description: 'The user_id given at transaction creation' })
  @MaxLength(128, { message: '$property must be at most 128 characters' })
  @IsNotEmpty({ message: '$property must not be empty' })
  @IsString()
  @IsDefined({ message: '$property is required' })
  externalUserId!: string;

  @PageNumber()
  page: number = 1;

  @PageSize()
  pageSize: number = 20;
}
