import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, Matches } from 'class-validator';
import { ListPageRequestDto } from './list-page.request.dto.js';

const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';
export const MAX_LISTED_IDS = 100;

// The operators' partner list, or only the partners named (an audit log that records ids looks
// their names up here).
export class PartnerListRequestDto extends ListPageRequestDto {
  @ApiPropertyOptional({
    description: `Only these partners: their ids, separated by commas (at most ${MAX_LISTED_IDS})`,
    example: '0f8f7e5b-3c2a-4d1e-9f00-0000000000aa,5b0e7c1a-2d3f-4e5a-8b6c-0000000000d1',
  })
  @Matches(new RegExp(`^${UUID}(,${UUID}){0,${MAX_LISTED_IDS - 1}}$`), {
    message: `$property must be at most ${MAX_LISTED_IDS} partner ids (UUIDs) separated by commas`,
  })
  @IsOptional()
  ids?: string;
}
