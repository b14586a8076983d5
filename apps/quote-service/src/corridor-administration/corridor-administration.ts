import { Injectable } from '@nestjs/common';
import { TransactionRunner, type UnitOfWork } from '@platform/database';
import { decimal } from '@payout/money';
import { paymentRail } from '@payout/rails';
import { Clock, IdGenerator } from '@shared/util';
import { QuoteError, QuoteErrorCode } from '../core/errors/quote.errors.js';
import type { CorridorAssetEntity } from '../corridors/corridor-asset.entity.js';
import type { AuditedChange } from './corridor-audit.entity.js';
import { CorridorAuditsRepository } from './corridor-audits.repository.js';
import { CorridorCatalogue } from '../corridors/corridor-catalogue.js';
import { type RouteKey } from '../core/routes/route-key.js';
import type { CorridorFlowEntity } from '../corridors/corridor-flow.entity.js';
import { CorridorsRepository } from '../corridors/corridors.repository.js';
import type { UnsupportedRouteEntity } from '../corridors/unsupported-route.entity.js';
import type { RailCapEntity } from '../rail-caps/rail-cap.entity.js';
import { RailCapsRepository, type RailKey } from '../rail-caps/rail-caps.repository.js';

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

export interface RailCapsChange {
  readonly perTransaction: string | null;
  readonly perUserDailyAmount: string | null;
  readonly perUserDailyCount: number | null;
  readonly perPaymentMethodDailyAmount: string | null;
}

type AuditAction = 'update_flow' | 'activate_asset' | 'mark_unsupported' | 'restore_route' | 'set_rail_caps';

const routeName = (route: RouteKey) =>
  `${route.cryptoCurrency} ${route.blockchain} → ${route.paymentMethod} ${route.targetCurrency}`;

// Operators change the catalogue at run time (CLI, web console): a flow's switch, fees and bounds,
// the active mint of an asset, routes taken out of service, and each rail's payout caps. Each
// change is recorded in the corridor audit log, in the change's own transaction, with the operator
// who made it. Other replicas see a catalogue change within its cache time; caps are read uncached.
@Injectable()
export class CorridorAdministration {
  constructor(
    private readonly corridors: CorridorsRepository,
    private readonly audits: CorridorAuditsRepository,
    private readonly transactions: TransactionRunner,
    private readonly catalogue: CorridorCatalogue,
    private readonly railCaps: RailCapsRepository,
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

  async updateFlow(actor: string, flowId: string, changes: FlowChanges): Promise<CorridorFlowEntity> {
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
    await this.transactions.run(async (unit) => {
      await this.corridors.saveFlow(unit, updated);
      await this.audit(unit, actor, 'update_flow', `${flow.direction} ${routeName(flow.route)}`, {
        ...changes,
      });
    });
    this.catalogue.forget();
    return updated;
  }

  // The new mint becomes the only active one for the asset on that chain, atomically.
  async activateAsset(actor: string, asset: ActiveAsset): Promise<CorridorAssetEntity> {
    const activated = await this.transactions.run(async (unit) => {
      const existing = await this.corridors.findMint(unit, asset);
      const row = existing ?? { id: this.ids.uuid(), ...asset, active: true };
      await this.corridors.deactivateOtherMints(unit, row);
      const saved = await this.corridors.saveAsset(unit, {
        ...row,
        decimals: asset.decimals,
        active: true,
      });
      await this.audit(unit, actor, 'activate_asset', `${asset.cryptoCurrency} ${asset.blockchain}`, {
        mintAddress: asset.mintAddress,
        decimals: asset.decimals,
      });
      return saved;
    });
    this.catalogue.forget();
    return activated;
  }

  async markUnsupported(actor: string, route: RouteKey, reason: string): Promise<UnsupportedRouteEntity> {
    const existing = await this.corridors.findUnsupported(route);
    const saved = await this.transactions.run(async (unit) => {
      const row = await this.corridors.saveUnsupported(unit, {
        id: existing?.id ?? this.ids.uuid(),
        route: { ...route },
        reason,
      });
      await this.audit(unit, actor, 'mark_unsupported', routeName(route), { reason });
      return row;
    });
    this.catalogue.forget();
    return saved;
  }

  async restore(actor: string, unsupportedId: string): Promise<void> {
    await this.transactions.run(async (unit) => {
      const restored = await this.corridors.deleteUnsupported(unit, unsupportedId);
      if (!restored) throw new QuoteError(QuoteErrorCode.CORRIDOR_NOT_FOUND, 'Unsupported route not found');
      await this.audit(unit, actor, 'restore_route', routeName(restored.route), {});
    });
    this.catalogue.forget();
  }

  // Every cap of the rail at once (null: uncapped), as the PUT that sets them reads.
  async setRailCaps(actor: string, rail: RailKey, caps: RailCapsChange): Promise<RailCapEntity> {
    if (paymentRail(rail.paymentMethod).currency !== rail.targetCurrency) {
      throw new QuoteError(
        QuoteErrorCode.CORRIDOR_NOT_FOUND,
        `No rail pays ${rail.targetCurrency} via ${rail.paymentMethod}`,
      );
    }
    const change: RailCapsChange = {
      perTransaction: caps.perTransaction,
      perUserDailyAmount: caps.perUserDailyAmount,
      perUserDailyCount: caps.perUserDailyCount,
      perPaymentMethodDailyAmount: caps.perPaymentMethodDailyAmount,
    };
    const row: RailCapEntity = { ...rail, ...change, updatedAt: this.clock.now() };
    await this.transactions.run(async (unit) => {
      await this.railCaps.save(unit, row);
      await this.audit(unit, actor, 'set_rail_caps', `${rail.paymentMethod} ${rail.targetCurrency}`, {
        ...change,
      });
    });
    return row;
  }

  private audit(
    unit: UnitOfWork,
    actor: string,
    action: AuditAction,
    subject: string,
    change: AuditedChange,
  ): Promise<void> {
    return this.audits.record(unit, {
      id: this.ids.uuid(),
      actor,
      action,
      subject,
      change,
      occurredAt: this.clock.now(),
    });
  }
}
