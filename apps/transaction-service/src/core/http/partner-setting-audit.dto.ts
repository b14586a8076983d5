import { ApiProperty } from '@nestjs/swagger';
import { PageNumber, PageSize } from '@platform/http';

// GET /ops/…/audit of a partner's settings: a page, newest first.
export class ListPartnerSettingAuditRequestDto {
  @PageNumber()
  page: number = 1;

  @PageSize()
  pageSize: number = 20;
}

// What every entry of such an audit shows, besides the setting itself.
export abstract class PartnerSettingAuditEntryDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ description: 'The X-Operator header of the change, else "ops"' })
  actor!: string;

  @ApiProperty({ format: 'uuid' })
  partnerId!: string;

  @ApiProperty({ format: 'date-time' })
  occurredAt!: string;
}
