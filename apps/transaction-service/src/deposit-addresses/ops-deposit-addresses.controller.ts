import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiOkResponse, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { OpsAuth } from '@platform/http';
import type { DepositAddressesResponse, DepositAddressView } from '@shared/contracts';
import { DepositAddressesResponseDto, DepositAddressResponseDto } from './deposit-addresses.response.dto.js';
import { DepositAddressesRepository } from './deposit-addresses.repository.js';
import { SetDepositAddressRequestDto } from './set-deposit-address.request.dto.js';

// Operators rotate deposit addresses without a deploy (npm run cli -- deposit-address set …).
@ApiTags('Operations')
@ApiSecurity('opsKey')
@OpsAuth()
@Controller('ops/deposit-addresses')
export class OpsDepositAddressesController {
  constructor(private readonly depositAddresses: DepositAddressesRepository) {}

  @Get()
  @ApiOkResponse({ type: DepositAddressesResponseDto })
  async list(): Promise<DepositAddressesResponse> {
    return { addresses: await this.depositAddresses.list() };
  }

  @Put()
  @ApiOkResponse({ type: DepositAddressResponseDto, description: "The chain's now active address" })
  activate(@Body() body: SetDepositAddressRequestDto): Promise<DepositAddressView> {
    return this.depositAddresses.activate(body.blockchain, body.address);
  }
}
