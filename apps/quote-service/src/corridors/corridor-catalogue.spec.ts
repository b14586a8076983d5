import { describe, expect, it } from '@jest/globals';
import { Blockchain, CryptoCurrency, FlowDirection, PaymentMethod, TargetCurrency } from '@shared/contracts';
import type { Logger } from '@platform/logging';
import { FixedClock } from '@shared/util';
import { CorridorCatalogue } from './corridor-catalogue.js';
import type { CorridorsRepository } from './corridors.repository.js';

const route = {
  cryptoCurrency: CryptoCurrency.USDC,
  blockchain: Blockchain.STELLAR,
  paymentMethod: PaymentMethod.BREB,
  targetCurrency: TargetCurrency.COP,
};

// A repository whose reads wait until released, counting them: one catalogue load reads three
// tables (flows, assets, unsupported routes).
class GatedTables {
  reads = 0;
  enabled = true;
  failing = false;
  private gate: Promise<void> = Promise.resolve();
  private open: () => void = () => undefined;

  hold(): void {
    this.gate = new Promise((resolve) => (this.open = resolve));
  }

  release(): void {
    this.open();
  }

  // What the table holds when the read starts, answered when the gate opens.
  private async read(rows: () => object[]): Promise<object[]> {
    this.reads += 1;
    if (this.failing) throw new Error('database unavailable');
    const held = rows();
    await this.gate;
    return held;
  }

  repository(): CorridorsRepository {
    return {
      enabledFlows: () =>
        this.read(() => (this.enabled ? [{ direction: FlowDirection.PAYOUT, route, enabled: true }] : [])),
      activeAssets: () =>
        this.read(() => [{ cryptoCurrency: route.cryptoCurrency, blockchain: route.blockchain }]),
      unsupportedRoutes: () => this.read(() => []),
    } as unknown as CorridorsRepository;
  }
}

function setup() {
  const tables = new GatedTables();
  const clock = new FixedClock(new Date('2026-01-01T00:00:00Z'));
  const warnings: string[] = [];
  const logger = { warn: (_fields: object, message: string) => warnings.push(message) } as unknown as Logger;
  return { tables, clock, warnings, sut: new CorridorCatalogue(tables.repository(), clock, logger) };
}

// Lets a load that was released finish (its reads, Promise.all, then the cache update).
const settled = () => new Promise((resolve) => setImmediate(resolve));

describe(CorridorCatalogue.name, () => {
  it('loads once for the quotes that arrive while the cache is being filled', async () => {
    const { tables, sut } = setup();
    tables.hold();
    const finds = Array.from({ length: 20 }, () => sut.find(FlowDirection.PAYOUT, route));
    tables.release();
    const found = await Promise.all(finds);
    expect(found.every((corridor) => corridor?.flow.route === route)).toBe(true);
    expect(tables.reads).toBe(3);
  });

  it('answers from the cache while one reload runs once it is 5 s old', async () => {
    const { tables, clock, sut } = setup();
    await sut.live(FlowDirection.PAYOUT);
    clock.advanceBy(4_999);
    await sut.live(FlowDirection.PAYOUT);
    expect(tables.reads).toBe(3);

    clock.advanceBy(1);
    tables.hold();
    tables.enabled = false;
    const whileReloading = await Promise.all([
      sut.live(FlowDirection.PAYOUT),
      sut.live(FlowDirection.PAYOUT),
    ]);
    expect(whileReloading.map((corridors) => corridors.length)).toEqual([1, 1]);
    expect(tables.reads).toBe(6);

    tables.release();
    await settled();
    expect(await sut.live(FlowDirection.PAYOUT)).toEqual([]);
    expect(tables.reads).toBe(6);
  });

  it('keeps answering from the cache when a reload fails, and says so once per reload', async () => {
    const { tables, clock, warnings, sut } = setup();
    await sut.live(FlowDirection.PAYOUT);
    clock.advanceBy(5_000);
    tables.failing = true;
    expect(await sut.live(FlowDirection.PAYOUT)).toHaveLength(1);
    expect(await sut.live(FlowDirection.PAYOUT)).toHaveLength(1);
    await settled();
    expect(warnings).toEqual(['corridor catalogue reload failed; quotes use the cached corridors']);
  });

  it('makes quotes wait for the load once the cache is 30 s old, so a failing database shows', async () => {
    const { tables, clock, sut } = setup();
    await sut.live(FlowDirection.PAYOUT);
    clock.advanceBy(30_000);
    tables.failing = true;
    await expect(sut.live(FlowDirection.PAYOUT)).rejects.toThrow('database unavailable');
  });

  it('does not keep a load that started before an operator change', async () => {
    const { tables, sut } = setup();
    tables.hold();
    const before = sut.live(FlowDirection.PAYOUT);
    tables.enabled = false;
    sut.forget();
    tables.release();
    expect(await before).toHaveLength(1);
    expect(await sut.live(FlowDirection.PAYOUT)).toEqual([]);
  });

  it('reads again after a load that failed', async () => {
    const { tables, sut } = setup();
    tables.failing = true;
    await expect(sut.live(FlowDirection.PAYOUT)).rejects.toThrow('database unavailable');
    tables.failing = false;
    expect(await sut.live(FlowDirection.PAYOUT)).toHaveLength(1);
  });
});
