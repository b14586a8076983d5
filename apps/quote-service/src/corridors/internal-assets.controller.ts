import { Controller, Get, Inject } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import { InternalAuth } from '@platform/http';
import type { ActiveAssetsResponse } from '@shared/contracts';
import { CorridorAssetEntity } from './corridor-asset.entity.js';

// chain-watchers asks which token is USDC/USDT on each chain, so that rotating a mint here
// reaches the deposit watchers without a deploy.
@ApiExcludeController()
@InternalAuth()
@Controller('internal/assets')
export class InternalAssetsController {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  @Get()
  async active(): Promise<ActiveAssetsResponse> {
    const rows = await this.dataSource
      .getRepository(CorridorAssetEntity)
      .find({ where: { active: true }, order: { blockchain: 'ASC', cryptoCurrency: 'ASC' } });
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
