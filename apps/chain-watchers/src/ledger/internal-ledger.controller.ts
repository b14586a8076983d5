import { Controller, Get } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { InternalAuth } from '@platform/http';
import type { ChainLedgerResponse } from '@shared/contracts';
import { ChainLedgerQuery } from './chain-ledger.query.js';

// For transaction-service's books (GET /ops/ledger): the chain side of every chain and currency.
@ApiExcludeController()
@InternalAuth()
@Controller('internal/ledger')
export class InternalLedgerController {
  constructor(private readonly ledger: ChainLedgerQuery) {}

  @Get()
  async entries(): Promise<ChainLedgerResponse> {
    return { entries: await this.ledger.entries() };
  }
}
