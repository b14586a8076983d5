import { Controller, Get } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { InternalAuth } from '@platform/http';
import type { ActiveAssetsResponse } from '@shared/contracts';
import { CorridorsRepository } from './corridors.repository.js';

// chain-watchers asks which token is USDC/USDT on each chain, so that rotating a mint here
// reaches the deposit watchers without a deploy.
@ApiExcludeController()
@InternalAuth()
@Controller('internal/assets')
export class InternalAssetsController {
  constructor(private readonly corridors: CorridorsRepository) {}

  @Get()
  async active(): Promise<ActiveAssetsResponse> {
    const rows = await this.corridors.activeAssetsInOrder();
    return {
      assets: rows.map(({ cryptoCurrency, blockchain, mintAddress, decimals }) => ({
        cryptoCurrency,
        blockchain,
        mintAddress,
        decimals,
      })),
    };
  }
}
