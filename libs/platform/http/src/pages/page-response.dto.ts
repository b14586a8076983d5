import { ApiProperty } from '@nestjs/swagger';

// The envelope of every paged list the APIs answer: which page this is, its size, and how many
// items there are over every page. Each list adds its items under a name of its own.
export abstract class PageResponseDto {
  @ApiProperty({ example: 1 })
  page!: number;

  @ApiProperty({ example: 20 })
  pageSize!: number;

  @ApiProperty({ description: 'How many items there are over every page' })
  total!: number;
}
