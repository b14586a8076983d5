import { PageNumber, PageSize } from '@platform/http';

export class ListUnmatchedDepositsRequestDto {
  @PageNumber()
  page: number = 1;

  @PageSize()
  pageSize: number = 20;
}
