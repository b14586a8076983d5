import { Inject, Injectable } from '@nestjs/common';
import { DataSource, Not } from 'typeorm';
import { entityManagerOf, type UnitOfWork } from '@platform/database';
import { CorridorAssetEntity } from './corridor-asset.entity.js';
import type { RouteKey } from '../core/routes/route-key.js';
import { CorridorFlowEntity } from './corridor-flow.entity.js';
import { UnsupportedRouteEntity } from './unsupported-route.entity.js';

// The corridor catalogue's three tables: flows, asset mints and routes taken out of service.
@Injectable()
export class CorridorsRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  enabledFlows(): Promise<CorridorFlowEntity[]> {
    return this.dataSource.getRepository(CorridorFlowEntity).find({ where: { enabled: true } });
  }

  activeAssets(): Promise<CorridorAssetEntity[]> {
    return this.dataSource.getRepository(CorridorAssetEntity).find({ where: { active: true } });
  }

  // The active mints by chain and currency, for chain-watchers.
  activeAssetsInOrder(): Promise<CorridorAssetEntity[]> {
    return this.dataSource
      .getRepository(CorridorAssetEntity)
      .find({ where: { active: true }, order: { blockchain: 'ASC', cryptoCurrency: 'ASC' } });
  }

  unsupportedRoutes(): Promise<UnsupportedRouteEntity[]> {
    return this.dataSource.getRepository(UnsupportedRouteEntity).find();
  }

  // Every flow and every mint, enabled or not, for operators.
  allFlows(): Promise<CorridorFlowEntity[]> {
    return this.dataSource
      .getRepository(CorridorFlowEntity)
      .find({ order: { route: { blockchain: 'ASC', cryptoCurrency: 'ASC' } } });
  }

  allAssets(): Promise<CorridorAssetEntity[]> {
    return this.dataSource
      .getRepository(CorridorAssetEntity)
      .find({ order: { blockchain: 'ASC', cryptoCurrency: 'ASC' } });
  }

  findFlow(flowId: string): Promise<CorridorFlowEntity | null> {
    return this.dataSource.getRepository(CorridorFlowEntity).findOneBy({ id: flowId });
  }

  async saveFlow(unit: UnitOfWork, flow: CorridorFlowEntity): Promise<void> {
    const manager = entityManagerOf(unit);
    await manager.save(CorridorFlowEntity, flow);
  }

  findMint(
    unit: UnitOfWork,
    mint: Pick<CorridorAssetEntity, 'cryptoCurrency' | 'blockchain' | 'mintAddress'>,
  ): Promise<CorridorAssetEntity | null> {
    const manager = entityManagerOf(unit);
    return manager.findOneBy(CorridorAssetEntity, {
      cryptoCurrency: mint.cryptoCurrency,
      blockchain: mint.blockchain,
      mintAddress: mint.mintAddress,
    });
  }

  // Every other mint of the asset on that chain stops being active.
  async deactivateOtherMints(
    unit: UnitOfWork,
    keep: Pick<CorridorAssetEntity, 'id' | 'cryptoCurrency' | 'blockchain'>,
  ): Promise<void> {
    const manager = entityManagerOf(unit);
    await manager.update(
      CorridorAssetEntity,
      { cryptoCurrency: keep.cryptoCurrency, blockchain: keep.blockchain, id: Not(keep.id) },
      { active: false },
    );
  }

  saveAsset(unit: UnitOfWork, asset: CorridorAssetEntity): Promise<CorridorAssetEntity> {
    const manager = entityManagerOf(unit);
    return manager.save(CorridorAssetEntity, asset);
  }

  findUnsupported(route: RouteKey): Promise<UnsupportedRouteEntity | null> {
    return this.dataSource.getRepository(UnsupportedRouteEntity).findOneBy({ route: { ...route } });
  }

  saveUnsupported(unit: UnitOfWork, unsupported: UnsupportedRouteEntity): Promise<UnsupportedRouteEntity> {
    const manager = entityManagerOf(unit);
    return manager.save(UnsupportedRouteEntity, unsupported);
  }

  // False when there was no such unsupported route.
  // The route that was deleted; null when there was no such unsupported route.
  async deleteUnsupported(unit: UnitOfWork, unsupportedId: string): Promise<UnsupportedRouteEntity | null> {
    const manager = entityManagerOf(unit);
    const existing = await manager.findOneBy(UnsupportedRouteEntity, { id: unsupportedId });
    if (existing) await manager.delete(UnsupportedRouteEntity, { id: unsupportedId });
    return existing;
  }
}
