// What every paged list answers beside its items (the APIs' PageResponseDto).
export interface ListPage {
  readonly page: number;
  readonly pageSize: number;
  readonly total: number;
}
