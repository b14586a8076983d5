import { Controller, Get, Query } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { InternalAuth } from '@platform/http';
import type { TransactionTraceResponse } from '@shared/contracts';
import { TransactionTraceRequestDto } from './transaction-trace.request.dto.js';
import { TransactionsRepository } from './transactions.repository.js';

// chain-watchers reports a Stellar deposit (found by its memo) in its transaction's trace.
@ApiExcludeController()
@InternalAuth()
@Controller('internal/transaction-traces')
export class InternalTransactionTracesController {
  constructor(private readonly transactions: TransactionsRepository) {}

  @Get()
  async find(@Query() query: TransactionTraceRequestDto): Promise<TransactionTraceResponse> {
    return (
      (await this.transactions.traceOfReference(query.reference)) ?? {
        transactionId: null,
        traceparent: null,
      }
    );
  }
}
