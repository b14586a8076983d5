import { timingSafeEqual } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Clock } from '@shared/util';
import { TransactionServiceConfig } from '../core/transaction-service.config.js';
import { PayoutWorker } from './payout-worker.js';
import { PayoutsRepository } from './payouts.repository.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// A callback makes the payout due now and wakes the worker, which asks the rail.
@Injectable()
export class RailCallbacks {
  constructor(
    private readonly config: TransactionServiceConfig,
    private readonly payouts: PayoutsRepository,
    private readonly worker: PayoutWorker,
    private readonly clock: Clock,
  ) {}

  // False when the secret is wrong (or callbacks are off); an unknown reference is acknowledged.
  async receive(secret: string, reference: string): Promise<boolean> {
    const expected = this.config.RAIL_CALLBACK_SECRET;
    if (!expected || !sameSecret(secret, expected)) return false;
    if (UUID.test(reference) && (await this.payouts.dueNow(reference, this.clock.now()))) this.worker.kick();
    return true;
  }
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
