import { PageNumber, PageSize } from '@platform/http';
import { TransactionFilterRequestDto } from './transaction-filter.request.dto.js';

// The console's transaction search: the filters, a page at a time.
export class SearchTransactionsRequestDto extends TransactionFilterRequestDto {
  @PageNumber()
  page: number = 1;

  @PageSize()
  pageSize: number = 20;
}
