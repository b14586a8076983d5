import { PageNumber, PageSize } from '../transactions/page-query.decorators.js';

export class ListUnmatchedDepositsRequestDto {
  @PageNumber()
  page: number = 1;

  @PageSize()
  pageSize: number = 20;
}
