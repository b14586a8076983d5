import { PageNumber, PageSize } from '@platform/http';

// A page of a partners list (partners, keys, disabled users, the audit log): 20 items unless
// asked, at most 100.
export class ListPageRequestDto {
  @PageNumber()
  page: number = 1;

  @PageSize()
  pageSize: number = 20;
}
