import { describe, expect, it } from '@jest/globals';
import { Blockchain, CryptoCurrency, FlowDirection, PaymentMethod, TargetCurrency } from '@shared/contracts';
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
  return { tables, clock, sut: new CorridorCatalogue(tables.repository(), clock) };
}

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

  it('reads again once the cache is 5 s old', async () => {
    const { tables, clock, sut } = setup();
    await sut.live(FlowDirection.PAYOUT);
    clock.advanceBy(4_999);
    await sut.live(FlowDirection.PAYOUT);
    expect(tables.reads).toBe(3);
    clock.advanceBy(1);
    await sut.live(FlowDirection.PAYOUT);
    expect(tables.reads).toBe(6);
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
