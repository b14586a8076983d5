import { Injectable } from '@nestjs/common';
import { TransactionRunner } from '@platform/database';
import { decimal } from '@payout/money';
import { Clock, IdGenerator } from '@shared/util';
import { QuoteError, QuoteErrorCode } from '../quotes/quote.errors.js';
import type { CorridorAssetEntity } from './corridor-asset.entity.js';
import { CorridorCatalogue } from './corridor-catalogue.js';
import { type RouteKey } from './route-key.js';
import type { CorridorFlowEntity } from './corridor-flow.entity.js';
import { CorridorsRepository } from './corridors.repository.js';
import type { UnsupportedRouteEntity } from './unsupported-route.entity.js';

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
    private readonly corridors: CorridorsRepository,
    private readonly transactions: TransactionRunner,
    private readonly catalogue: CorridorCatalogue,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {}

  async snapshot() {
    const [flows, assets, unsupported] = await Promise.all([
      this.corridors.allFlows(),
      this.corridors.allAssets(),
      this.corridors.unsupportedRoutes(),
    ]);
    return { flows, assets, unsupported };
  }

  async updateFlow(flowId: string, changes: FlowChanges): Promise<CorridorFlowEntity> {
    const flow = await this.corridors.findFlow(flowId);
    if (!flow) throw new QuoteError(QuoteErrorCode.CORRIDOR_NOT_FOUND, 'Corridor flow not found');
    const updated = { ...flow, ...changes, updatedAt: this.clock.now() };
    if (
      updated.minAmount !== null &&
      updated.maxAmount !== null &&
      decimal(updated.minAmount).gt(decimal(updated.maxAmount))
    ) {
      throw new QuoteError(QuoteErrorCode.INVALID_CORRIDOR, 'minAmount must not exceed maxAmount');
    }
    await this.corridors.saveFlow(updated);
    this.catalogue.forget();
    return updated;
  }

  // The new mint becomes the only active one for the asset on that chain, atomically.
  async activateAsset(asset: ActiveAsset): Promise<CorridorAssetEntity> {
    const activated = await this.transactions.run(async (manager) => {
      const existing = await this.corridors.findMint(manager, asset);
      const row = existing ?? { id: this.ids.uuid(), ...asset, active: true };
      await this.corridors.deactivateOtherMints(manager, row);
      return this.corridors.saveAsset(manager, { ...row, decimals: asset.decimals, active: true });
    });
    this.catalogue.forget();
    return activated;
  }

  async markUnsupported(route: RouteKey, reason: string): Promise<UnsupportedRouteEntity> {
    const existing = await this.corridors.findUnsupported(route);
    const saved = await this.corridors.saveUnsupported({
      id: existing?.id ?? this.ids.uuid(),
      route: { ...route },
      reason,
    });
    this.catalogue.forget();
    return saved;
  }

  async restore(unsupportedId: string): Promise<void> {
    if (!(await this.corridors.deleteUnsupported(unsupportedId)))
      throw new QuoteError(QuoteErrorCode.CORRIDOR_NOT_FOUND, 'Unsupported route not found');
    this.catalogue.forget();
  }
}
