import { describe, expect, it } from '@jest/globals';
import { FixedClock } from '@shared/util';
import type { UpstreamClients } from '../core/upstreams/upstream-clients.js';
import type { CompletedPayoutsQuery } from './completed-payouts.query.js';
import { KycGate } from './kyc-gate.js';
import type { KycPoliciesRepository, KycPolicy } from './kyc-policies.repository.js';

const NOW = new Date('2026-11-23T12:00:00Z');

interface Setup {
  readonly mode: KycPolicy['mode'];
  readonly threshold?: string;
  readonly completed?: string;
  readonly approved?: boolean;
}

function gateFor({ mode, threshold = '1000', completed = '0', approved = false }: Setup) {
  const asked = { volumeSince: null as Date | null, kyc: 0 };
  const policies = {
    of: async (partnerId: string): Promise<KycPolicy> => ({
      partnerId,
      mode,
      thresholdAmount: threshold,
      source: 'partner',
    }),
  } as unknown as KycPoliciesRepository;
  const transactions = {
    completedVolume: async (_partnerId: string, _userId: string, since: Date) => {
      asked.volumeSince = since;
      return completed;
    },
  } as unknown as CompletedPayoutsQuery;
  const upstreams = {
    kyc: async () => {
      asked.kyc += 1;
      return { hasApproved: approved };
    },
  } as unknown as UpstreamClients;
  return { sut: new KycGate(policies, transactions, upstreams, new FixedClock(NOW)), asked };
}

const question = (amount: string) => ({ partnerId: 'p', userId: 'u', amount });

describe(KycGate.name, () => {
  it('never asks kyc-service when the policy is off', async () => {
    const { sut, asked } = gateFor({ mode: 'off', completed: '999999' });
    expect(await sut.kycRequired(question('5000'))).toBe(false);
    expect(asked.kyc).toBe(0);
  });

  it('always requires an approved KYC when the policy is always', async () => {
    expect(await gateFor({ mode: 'always' }).sut.kycRequired(question('1'))).toBe(true);
    expect(await gateFor({ mode: 'always', approved: true }).sut.kycRequired(question('1'))).toBe(false);
  });

  it.each([
    ['below', '400', '599.99', false],
    ['exactly at', '400', '600', false],
    ['above', '400', '600.000001', true],
  ])(
    'under threshold, volume plus this payout %s the threshold decides',
    async (_case, completed, amount, required) => {
      const { sut, asked } = gateFor({ mode: 'threshold', completed });
      expect(await sut.kycRequired(question(amount))).toBe(required);
      expect(asked.kyc).toBe(required ? 1 : 0);
    },
  );

  it('counts the last 30 days of completed volume', async () => {
    const { sut, asked } = gateFor({ mode: 'threshold' });
    await sut.kycRequired(question('1'));
    expect(asked.volumeSince).toEqual(new Date('2026-10-24T12:00:00Z'));
  });

  it('lets an approved user above the threshold through', async () => {
    const { sut } = gateFor({ mode: 'threshold', completed: '2000', approved: true });
    expect(await sut.kycRequired(question('1'))).toBe(false);
  });
});
