import { Inject, Injectable } from '@nestjs/common';
import { LOGGER, type Logger } from '@platform/logging';
import { FlowDirection } from '@shared/contracts';
import { Clock } from '@shared/util';
import type { CorridorAssetEntity } from './corridor-asset.entity.js';
import type { CorridorFlowEntity } from './corridor-flow.entity.js';
import { CorridorsRepository } from './corridors.repository.js';
import type { RouteKey } from '../core/routes/route-key.js';

export interface LiveCorridor {
  readonly flow: CorridorFlowEntity;
  readonly asset: CorridorAssetEntity;
}

// Operators change the catalogue rarely; every quote reads it. A short cache keeps the database
// out of the quote path while a change still shows within seconds on every replica.
const FRESH_MS = 5_000;
// Past FRESH_MS the cached corridors still answer while one reload runs in the background: under
// load a reload queues behind the quotes' own statements for a pool connection, and every quote
// arriving meanwhile would wait for it. Past STALE_MS (the database has been failing that long)
// quotes wait for the load again, so its error reaches them instead of an ever older catalogue.
const STALE_MS = 30_000;

// The routes that can be quoted right now: the flow is enabled, its asset has an active mint and
// the route is not marked unsupported.
@Injectable()
export class CorridorCatalogue {
  private cached: { at: number; corridors: LiveCorridor[] } | null = null;
  // The load under way, if any: the quotes that need it wait for this one load instead of each
  // reading the three tables. forget() drops it, so a load that started before an operator's
  // change is not cached.
  private loading: Promise<LiveCorridor[]> | null = null;

  constructor(
    private readonly corridors: CorridorsRepository,
    private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async live(direction: FlowDirection): Promise<LiveCorridor[]> {
    return (await this.all()).filter((corridor) => corridor.flow.direction === direction);
  }

  // Sync-first: from the cached catalogue (nearly every quote) the corridor is found without a
  // promise, since on Node 20 each one runs the request context's promise hooks.
  find(direction: FlowDirection, route: RouteKey): LiveCorridor | null | Promise<LiveCorridor | null> {
    const found = (corridors: readonly LiveCorridor[]) =>
      corridors.find(({ flow }) => flow.direction === direction && sameRoute(flow.route, route)) ?? null;
    const corridors = this.all();
    return corridors instanceof Promise ? corridors.then(found) : found(corridors);
  }

  // After an operator's change: this replica's next quote waits for a load that sees it.
  forget(): void {
    this.cached = null;
    this.loading = null;
  }

  private all(): LiveCorridor[] | Promise<LiveCorridor[]> {
    const now = this.clock.now().getTime();
    const age = this.cached ? now - this.cached.at : Infinity;
    if (this.cached && age < FRESH_MS) return this.cached.corridors;
    if (!this.cached || age >= STALE_MS) return this.loading ?? this.startLoad(now);
    if (!this.loading) {
      this.startLoad(now).catch((error: unknown) =>
        this.logger.warn({ err: error }, 'corridor catalogue reload failed; quotes use the cached corridors'),
      );
    }
    return this.cached.corridors;
  }

  private startLoad(now: number): Promise<LiveCorridor[]> {
    const loading: Promise<LiveCorridor[]> = this.load()
      .then((corridors) => {
        if (this.loading === loading) this.cached = { at: now, corridors };
        return corridors;
      })
      .finally(() => {
        if (this.loading === loading) this.loading = null;
      });
    this.loading = loading;
    return loading;
  }

  private async load(): Promise<LiveCorridor[]> {
    const [flows, assets, unsupported] = await Promise.all([
      this.corridors.enabledFlows(),
      this.corridors.activeAssets(),
      this.corridors.unsupportedRoutes(),
    ]);
    const corridors = flows
      .filter((flow) => !unsupported.some(({ route }) => sameRoute(route, flow.route)))
      .flatMap((flow) => {
        const asset = assets.find(
          (a) => a.cryptoCurrency === flow.route.cryptoCurrency && a.blockchain === flow.route.blockchain,
        );
        return asset ? [{ flow, asset }] : [];
      })
      .sort((a, b) => routeOrder(a.flow.route).localeCompare(routeOrder(b.flow.route)));
    return corridors;
  }
}

function sameRoute(a: RouteKey, b: RouteKey): boolean {
  return (
    a.cryptoCurrency === b.cryptoCurrency &&
    a.blockchain === b.blockchain &&
    a.paymentMethod === b.paymentMethod &&
    a.targetCurrency === b.targetCurrency
  );
}

function routeOrder(route: RouteKey): string {
  return [route.blockchain, route.cryptoCurrency, route.targetCurrency, route.paymentMethod].join('/');
}
