import { describe, expect, it } from '@jest/globals';
import { NotFoundError } from '@stellar/stellar-sdk';
import { createLogger } from '@platform/logging';
import { expectEventually } from '@platform/test-support';
import type { DepositLedgerRepository } from '../deposits/deposit-ledger.repository.js';
import type { DepositWatchMetrics } from '../deposits/deposit-watch.metrics.js';
import type { RecordStellarPaymentUseCase } from './record-stellar-payment.use-case.js';
import { StellarAccountStream } from './stellar-account-stream.js';
import type { StellarHorizon } from './stellar-horizon.js';

const ACCOUNT = 'GDEPOSITACCOUNT';

// Horizon as the stream uses it: the account's latest payment, whether an operation exists, and
// the payment streams it was asked to open (with their cursors).
class FakeHorizon {
  latestPayment: () => Promise<string | null> = () => Promise.resolve(null);
  readonly operations = new Set<string>();
  readonly opened: string[] = [];

  readonly server = {
    payments: () => {
      let cursor = '';
      const builder = {
        forAccount: () => builder,
        order: () => builder,
        limit: () => builder,
        cursor: (value: string) => ((cursor = value), builder),
        call: async () => {
          const token = await this.latestPayment();
          return { records: token === null ? [] : [{ paging_token: token }] };
        },
        stream: () => (this.opened.push(cursor), () => undefined),
      };
      return builder;
    },
    operations: () => ({
      operation: (id: string) => ({
        call: () => (this.operations.has(id) ? Promise.resolve({ id }) : Promise.reject(notFound())),
      }),
    }),
  };
}

const notFound = () => new NotFoundError('Resource Missing', { status: 404 });

function streamWith(horizon: FakeHorizon, committed: string | null) {
  const lookedBack: string[] = [];
  const stream = new StellarAccountStream(ACCOUNT, {
    horizon: horizon as unknown as StellarHorizon,
    ledger: { cursor: () => Promise.resolve(committed) } as unknown as DepositLedgerRepository,
    recordPayment: {} as RecordStellarPaymentUseCase,
    logger: createLogger({ service: 'test', level: 'silent' }),
    metrics: { rescanned: () => undefined } as unknown as DepositWatchMetrics,
    lookBack: (account) => Promise.resolve(void lookedBack.push(account)),
    retryBaseMs: 5,
    retryMaxMs: 20,
  });
  return { stream, lookedBack };
}

describe(StellarAccountStream.name, () => {
  it('resumes from the committed cursor while Horizon has its payment, without a look-back', async () => {
    const horizon = new FakeHorizon();
    horizon.operations.add('1200');
    const { stream, lookedBack } = streamWith(horizon, '1200');
    await stream.start();
    expect(horizon.opened).toEqual(['1200']);
    expect(lookedBack).toEqual([]);
    await stream.stop();
  });

  // Whatever the stream cannot resume from, it opens after the account's latest payment (never at
  // Horizon's "now" while the account has one) and looks back over what came before.
  it.each([
    ['a new account', '3400', null, () => Promise.resolve('3400')],
    ['a new account without payments', 'now', null, () => Promise.resolve(null)],
    ['an account Horizon does not know yet', 'now', null, () => Promise.reject(notFound())],
    ['a committed payment Horizon no longer has (a reset)', '77', '999999', () => Promise.resolve('77')],
  ])('opens for %s at %s, and looks back', async (_case, opensAt, committed, latestPayment) => {
    const horizon = new FakeHorizon();
    horizon.latestPayment = latestPayment;
    const { stream, lookedBack } = streamWith(horizon, committed);
    await stream.start();
    expect(horizon.opened).toEqual([opensAt]);
    expect(lookedBack).toEqual([ACCOUNT]);
    await stream.stop();
  });

  it('keeps trying to open while Horizon cannot be reached, and start() never rejects', async () => {
    const horizon = new FakeHorizon();
    let attempts = 0;
    horizon.latestPayment = () =>
      ++attempts < 3 ? Promise.reject(new Error('connect ECONNREFUSED')) : Promise.resolve('50');
    const { stream } = streamWith(horizon, null);
    await expect(stream.start()).resolves.toBeUndefined();
    await expectEventually(() => expect(horizon.opened).toEqual(['50']));
    expect(attempts).toBe(3);
    await stream.stop();
  });
});
