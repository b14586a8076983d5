import { PageNumber, PageSize } from '@platform/http';

// A page of an operator list (partners, the audit log), newest first.
export class OpsPageRequestDto {
  @PageNumber()
  page: number = 1;

  @PageSize()
  pageSize: number = 20;
}
