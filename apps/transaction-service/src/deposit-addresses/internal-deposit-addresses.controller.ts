import { Controller, Get } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { InternalAuth } from '@platform/http';
import type { DepositAddressesResponse } from '@shared/contracts';
import { DepositAddressesRepository } from './deposit-addresses.repository.js';

// chain-watchers learns which addresses to watch, retired ones included.
@ApiExcludeController()
@InternalAuth()
@Controller('internal/deposit-addresses')
export class InternalDepositAddressesController {
  constructor(private readonly depositAddresses: DepositAddressesRepository) {}

  @Get()
  async list(): Promise<DepositAddressesResponse> {
    return { addresses: await this.depositAddresses.list() };
  }
}
