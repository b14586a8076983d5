import type { TransactionCaller } from '../core/transaction-caller.js';
import type { TransactionTimelineResponseDto } from './transaction-timeline.response.dto.js';

// GET /transaction/{id}/timeline is declared here, beside the other partner routes (its place in
// the API reference), but answered by the timeline read model, which reads the tables of the
// features above this one: the timeline module provides this port.
export abstract class TransactionTimelines {
  abstract of(caller: TransactionCaller, id: string): Promise<TransactionTimelineResponseDto>;
}
