import { Controller, Get, Param } from '@nestjs/common';
import { ApiSecurity, ApiTags } from '@nestjs/swagger';
import { OpsAuth } from '@platform/http';
import { TransactionViews } from './transaction-views.js';

// Operators (and the sandbox deposit command) read any transaction with its partner, deposit
// target and journal.
@ApiTags('Operations')
@ApiSecurity('opsKey')
@OpsAuth()
@Controller('ops/transactions')
export class OpsTransactionsController {
  constructor(private readonly views: TransactionViews) {}

  @Get(':id')
  get(@Param('id') id: string) {
    return this.views.forOperations(id);
  }
}
