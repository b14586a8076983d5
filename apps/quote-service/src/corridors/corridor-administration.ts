import { Inject, Injectable } from '@nestjs/common';
import { DataSource, Not } from 'typeorm';
import { decimal } from '@payout/money';
import { Clock, IdGenerator } from '@shared/util';
import { QuoteError, QuoteErrorCode } from '../quotes/quote.errors.js';
import { CorridorAssetEntity } from './corridor-asset.entity.js';
import { CorridorCatalogue, type RouteKey } from './corridor-catalogue.js';
import { CorridorFlowEntity } from './corridor-flow.entity.js';
import { UnsupportedRouteEntity } from './unsupported-route.entity.js';

export interface FlowChanges {
  readonly enabled?: boolean;
  readonly feeBasisPoints?: number;
  readonly feeFixed?: string;
  readonly minAmount?: string | null;
  readonly maxAmount?: string | null;
}

export interface ActiveAsset extends Pick<RouteKey, 'cryptoCurrency' | 'blockchain'> {
  readonly mintAddress: string;
  readonly decimals: number;
}

// Operators change the catalogue at run time (through the CLI): a flow's switch, fees and bounds,
// the active mint of an asset, and routes taken out of service. Other replicas see a change
// within the catalogue's cache time.
@Injectable()
export class CorridorAdministration {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly catalogue: CorridorCatalogue,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {}

  async snapshot() {
    const [flows, assets, unsupported] = await Promise.all([
      this.dataSource
        .getRepository(CorridorFlowEntity)
        .find({ order: { route: { blockchain: 'ASC', cryptoCurrency: 'ASC' } } }),
      this.dataSource
        .getRepository(CorridorAssetEntity)
        .find({ order: { blockchain: 'ASC', cryptoCurrency: 'ASC' } }),
      this.dataSource.getRepository(UnsupportedRouteEntity).find(),
    ]);
    return { flows, assets, unsupported };
  }

  async updateFlow(flowId: string, changes: FlowChanges): Promise<CorridorFlowEntity> {
    const repository = this.dataSource.getRepository(CorridorFlowEntity);
    const flow = await repository.findOneBy({ id: flowId });
    if (!flow) throw new QuoteError(QuoteErrorCode.CORRIDOR_NOT_FOUND, 'Corridor flow not found');
    const updated = { ...flow, ...changes, updatedAt: this.clock.now() };
    if (
      updated.minAmount !== null &&
      updated.maxAmount !== null &&
      decimal(updated.minAmount).gt(decimal(updated.maxAmount))
    ) {
      throw new QuoteError(QuoteErrorCode.INVALID_CORRIDOR, 'minAmount must not exceed maxAmount');
    }
    await repository.save(updated);
    this.catalogue.forget();
    return updated;
  }

  // The new mint becomes the only active one for the asset on that chain, atomically.
  async activateAsset(asset: ActiveAsset): Promise<CorridorAssetEntity> {
    const activated = await this.dataSource.transaction(async (manager) => {
      const existing = await manager.findOneBy(CorridorAssetEntity, {
        cryptoCurrency: asset.cryptoCurrency,
        blockchain: asset.blockchain,
        mintAddress: asset.mintAddress,
      });
      const row = existing ?? { id: this.ids.uuid(), ...asset, active: true };
      await manager.update(
        CorridorAssetEntity,
        { cryptoCurrency: asset.cryptoCurrency, blockchain: asset.blockchain, id: Not(row.id) },
        { active: false },
      );
      return manager.save(CorridorAssetEntity, { ...row, decimals: asset.decimals, active: true });
    });
    this.catalogue.forget();
    return activated;
  }

  async markUnsupported(route: RouteKey, reason: string): Promise<UnsupportedRouteEntity> {
    const repository = this.dataSource.getRepository(UnsupportedRouteEntity);
    const existing = await repository.findOneBy({ route: { ...route } });
    const saved = await repository.save({ id: existing?.id ?? this.ids.uuid(), route: { ...route }, reason });
    this.catalogue.forget();
    return saved;
  }

  async restore(unsupportedId: string): Promise<void> {
    const { affected } = await this.dataSource
      .getRepository(UnsupportedRouteEntity)
      .delete({ id: unsupportedId });
    if (!affected) throw new QuoteError(QuoteErrorCode.CORRIDOR_NOT_FOUND, 'Unsupported route not found');
    this.catalogue.forget();
  }
}
