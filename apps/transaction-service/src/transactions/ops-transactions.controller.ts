import { Controller, Get, Param } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { OpsAuth } from '@platform/http';
import { OpsTransactionResponseDto } from './ops-transaction.response.dto.js';
import { TransactionViews } from './transaction-views.js';
import { TransactionErrorResponseDto } from '../core/errors/transaction-error.response.dto.js';

// Operators (and the sandbox deposit command) read any transaction with its partner, deposit
// target and journal.
@ApiTags('Operations')
@ApiSecurity('opsKey')
@OpsAuth()
@Controller('ops/transactions')
export class OpsTransactionsController {
  constructor(private readonly views: TransactionViews) {}

  @Get(':id')
  @ApiOkResponse({ type: OpsTransactionResponseDto })
  @ApiNotFoundResponse({ type: TransactionErrorResponseDto, description: '`transaction_not_found`' })
  get(@Param('id') id: string) {
    return this.views.forOperations(id);
  }
}
