import { describe, expect, it, jest } from '@jest/globals';
import type { BouncerAnswer } from './push-bouncer.client.js';
import type { PushDeviceEntity } from './push-device.entity.js';
import type { PushJobEntity } from './push-job.entity.js';
import { PushJobRunner } from './push-job.runner.js';

const NOW = new Date('2026-11-27T12:00:00Z');
const HOUR = 3_600_000;

// The runner's E2EE registration rules, against fakes of the bouncer and the tables.
function runnerFor(answer: () => Promise<BouncerAnswer>, registeredAt = new Date(NOW.getTime() - HOUR)) {
  const device = {
    id: 5,
    realmId: 1,
    userId: 9,
    pushAccountId: '2408',
    status: 'pending',
    registeredAt,
    encryptedPushRegistrationSealed: 'sealed',
    bouncerPublicKey: 'bouncer-key',
  } as PushDeviceEntity;
  const settled: unknown[] = [];
  const published: unknown[] = [];
  const jobs = {
    finish: jest.fn(async (_job: unknown) => undefined),
    retryAt: jest.fn(async (_job: unknown, _at: Date) => undefined),
  };
  const tx = {
    manager: {},
    publish: async (_topic: string, payload: unknown) => void published.push(payload),
  };
  const runner = new PushJobRunner(
    { serverUuid: '6cde5f7a-1f7e-4978-9716-49f69ebfc9fe', postForm: answer } as never,
    {
      deviceById: async () => device,
      settle: async (_manager: unknown, _device: unknown, outcome: unknown) => settled.push(outcome) > 0,
    } as never,
    {} as never,
    {} as never,
    jobs as never,
    {} as never,
    { unseal: (sealed: string) => `unsealed ${sealed}` } as never,
    { registered: () => undefined } as never,
    { now: () => NOW } as never,
    { run: async (work: (t: typeof tx) => Promise<void>) => work(tx) } as never,
    { warn: () => undefined, error: () => undefined } as never,
  );
  const job = {
    id: '1',
    kind: 'e2ee_register',
    realmId: 1,
    userId: 9,
    data: { deviceId: 5 },
    attempts: 1,
  } as unknown as PushJobEntity;
  return { runner, job, settled, published, jobs };
}

describe('PushJobRunner E2EE registration', () => {
  it('reports the bouncer’s own codes, and any other refusal as BAD_REQUEST', async () => {
    for (const [code, reported] of [
      ['INVALID_BOUNCER_PUBLIC_KEY', 'INVALID_BOUNCER_PUBLIC_KEY'],
      ['REQUEST_EXPIRED', 'REQUEST_EXPIRED'],
      ['BAD_REQUEST', 'BAD_REQUEST'],
      ['INVALID_ENCRYPTED_PUSH_REGISTRATION', 'BAD_REQUEST'],
    ]) {
      const { runner, job, settled, published, jobs } = runnerFor(async () => ({
        kind: 'refused',
        status: 400,
        code: code!,
        msg: 'refused',
      }));
      await runner.run(job);
      expect(settled).toEqual([{ status: 'failed', errorCode: reported, bouncerDeviceId: null }]);
      expect(published).toMatchObject([
        { event: { type: 'push_device', status: 'failed', error_code: reported } },
      ]);
      expect(jobs.finish).toHaveBeenCalled();
    }
  });

  it('retries an unreachable bouncer, or one that does not know the realm yet, for a day', async () => {
    for (const answer of [
      { kind: 'unavailable', reason: 'ECONNREFUSED' } as const,
      {
        kind: 'refused',
        status: 400,
        code: 'MISSING_REMOTE_REALM',
        msg: 'Organization not registered',
      } as const,
    ]) {
      const { runner, job, settled, jobs } = runnerFor(async () => answer);
      await runner.run(job);
      expect(settled).toEqual([]);
      expect(jobs.retryAt).toHaveBeenCalledWith(job, new Date(NOW.getTime() + 2_000));
    }
    const expired = runnerFor(
      async () => ({ kind: 'unavailable', reason: 'down' }),
      new Date(NOW.getTime() - 25 * HOUR),
    );
    await expired.runner.run(expired.job);
    expect(expired.settled).toEqual([
      { status: 'failed', errorCode: 'REQUEST_EXPIRED', bouncerDeviceId: null },
    ]);
  });

  it('retries a job that throws, and gives it up after its last attempt', async () => {
    const failing = runnerFor(async () => {
      throw new Error('unsealable');
    });
    await failing.runner.run(failing.job);
    expect(failing.jobs.retryAt).toHaveBeenCalled();
    await failing.runner.run({ ...failing.job, attempts: 16 });
    expect(failing.jobs.finish).toHaveBeenCalled();
  });
});
