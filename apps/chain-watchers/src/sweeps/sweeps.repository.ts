import { Inject, Injectable } from '@nestjs/common';
import { DataSource, IsNull, LessThan, type EntityManager } from 'typeorm';
import type { Blockchain } from '@shared/contracts';
import { DepositAccountEntity } from '../deposit-accounts/deposit-account.entity.js';
import { SweepAttemptEntity } from './sweep-attempt.entity.js';
import { SweepItemEntity } from './sweep-item.entity.js';
import { SweepEntity } from './sweep.entity.js';

const ACCOUNTS = '"chain_watchers"."deposit_account"';

export type SweepRecord = SweepEntity & {
  readonly items: SweepItemEntity[];
  readonly attempts: Array<Omit<SweepAttemptEntity, 'signedPayload'>>;
};

export interface SweepBacklog {
  readonly blockchain: Blockchain;
  readonly due: number;
  readonly oldestAgeSeconds: number;
}

export interface SweepSettlement {
  readonly status: 'SWEPT' | 'FAILED';
  readonly txHash: string | null;
  readonly networkFee: string | null;
  readonly gasFunded: string | null;
  readonly failureReason: string | null;
  readonly settledAt: Date;
}

// Sweeps, their items and signed attempts, and the deposit accounts they hold. A deposit
// account belongs to at most one open sweep (`sweep_id`), claimed with SKIP LOCKED so that
// replicas sweep disjoint batches; a sweep is worked on by one replica at a time (its lease).
@Injectable()
export class SweepsRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  pending(blockchain: Blockchain, limit: number): Promise<SweepEntity[]> {
    return this.dataSource.getRepository(SweepEntity).find({
      where: { blockchain, status: 'PENDING' },
      order: { createdAt: 'ASC' },
      take: limit,
    });
  }

  // False when the sweep is settled, or leased by another replica until after `now`.
  async lease(id: string, now: Date, until: Date): Promise<boolean> {
    const { affected } = await this.dataSource.getRepository(SweepEntity).update(
      [
        { id, status: 'PENDING', leasedUntil: IsNull() },
        { id, status: 'PENDING', leasedUntil: LessThan(now) },
      ],
      { leasedUntil: until },
    );
    return (affected ?? 0) > 0;
  }

  async releaseLease(id: string): Promise<void> {
    await this.dataSource.getRepository(SweepEntity).update({ id, status: 'PENDING' }, { leasedUntil: null });
  }

  // Creates `sweep` (leased) holding up to `limit` accounts of its chain due since `dueBy` at the
  // latest, oldest due first, but none of `skipped` (transaction ids); nothing is written when
  // none is.
  claim(
    sweep: SweepEntity,
    limit: number,
    due: { readonly by: Date; readonly skipped: readonly string[] },
  ): Promise<DepositAccountEntity[]> {
    return this.dataSource.transaction(async (manager) => {
      await manager.insert(SweepEntity, sweep);
      await manager.query(
        `UPDATE ${ACCOUNTS} SET "sweep_id" = $1
         WHERE ("blockchain", "transaction_id") IN (
           SELECT "blockchain", "transaction_id" FROM ${ACCOUNTS}
           WHERE "blockchain" = $2 AND "due_at" IS NOT NULL AND "due_at" <= $4 AND "sweep_id" IS NULL
             AND NOT ("transaction_id" = ANY($5::uuid[]))
           ORDER BY "due_at" LIMIT $3 FOR UPDATE SKIP LOCKED)`,
        [sweep.id, sweep.blockchain, limit, due.by, [...due.skipped]],
      );
      const claimed = await accountsIn(manager, sweep.id);
      if (claimed.length === 0) await manager.delete(SweepEntity, { id: sweep.id });
      return claimed;
    });
  }

  accountsOf(sweepId: string): Promise<DepositAccountEntity[]> {
    return accountsIn(this.dataSource.manager, sweepId);
  }

  // Gives accounts back to a later sweep (still due).
  async release(sweepId: string, transactionIds: readonly string[]): Promise<void> {
    if (transactionIds.length === 0) return;
    await this.dataSource.query(
      `UPDATE ${ACCOUNTS} SET "sweep_id" = NULL WHERE "sweep_id" = $1 AND "transaction_id" = ANY($2::uuid[])`,
      [sweepId, [...transactionIds]],
    );
  }

  items(sweepId: string): Promise<SweepItemEntity[]> {
    return this.dataSource.getRepository(SweepItemEntity).find({ where: { sweepId }, order: { id: 'ASC' } });
  }

  // The balances just read become the sweep's items (replacing an earlier plan that never landed).
  async plan(sweepId: string, plannedAt: Date, items: readonly SweepItemEntity[]): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.delete(SweepItemEntity, { sweepId });
      if (items.length > 0) await manager.insert(SweepItemEntity, [...items]);
      await manager.update(SweepEntity, { id: sweepId }, { plannedAt });
    });
  }

  // Nothing was left to take: the sweep goes (or, if it signed anything, is closed as FAILED)
  // and its accounts are no longer due, unless a deposit was seen after the balances were read.
  async discardEmpty(sweepId: string, plannedAt: Date, settledAt: Date): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await this.releaseAccounts(manager, sweepId, plannedAt);
      await manager.delete(SweepItemEntity, { sweepId });
      if ((await manager.countBy(SweepAttemptEntity, { sweepId })) === 0) {
        await manager.delete(SweepEntity, { id: sweepId });
        return;
      }
      await manager.update(
        SweepEntity,
        { id: sweepId, status: 'PENDING' },
        { status: 'FAILED', failureReason: 'nothing left to sweep', settledAt, leasedUntil: null },
      );
    });
  }

  pendingAttempt(sweepId: string): Promise<SweepAttemptEntity | null> {
    return this.dataSource.getRepository(SweepAttemptEntity).findOneBy({ sweepId, state: 'PENDING' });
  }

  attempts(sweepId: string): Promise<SweepAttemptEntity[]> {
    return this.dataSource
      .getRepository(SweepAttemptEntity)
      .find({ where: { sweepId }, order: { createdAt: 'ASC' } });
  }

  // In one statement: a round's signed transactions are all recorded before any is broadcast.
  async saveAttempts(attempts: readonly SweepAttemptEntity[]): Promise<SweepAttemptEntity[]> {
    if (attempts.length > 0) await this.dataSource.getRepository(SweepAttemptEntity).insert([...attempts]);
    return [...attempts];
  }

  async markAttempt(
    id: string,
    state: SweepAttemptEntity['state'],
    fee: string | null = null,
  ): Promise<void> {
    await this.dataSource.getRepository(SweepAttemptEntity).update({ id }, { state, fee });
  }

  // Once: a sweep already settled is left as it is. A swept account is no longer due (unless a
  // deposit was seen after its balance was read); a failed sweep's accounts stay due.
  async settle(sweepId: string, settlement: SweepSettlement): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const sweep = await manager.findOneBy(SweepEntity, { id: sweepId, status: 'PENDING' });
      if (!sweep) return false;
      await manager.update(SweepEntity, { id: sweepId }, { ...settlement, leasedUntil: null });
      if (settlement.status === 'SWEPT') await this.releaseAccounts(manager, sweepId, sweep.plannedAt);
      else await manager.update(DepositAccountEntity, { sweepId }, { sweepId: null });
      return true;
    });
  }

  // Per chain, the due accounts no sweep holds yet and since when the oldest unswept deposit has
  // waited: the oldest of those accounts, or the oldest open sweep (its accounts were due before
  // it was made). Both read partial indexes; chains with neither are left out.
  async backlog(now: Date): Promise<SweepBacklog[]> {
    const rows: Array<{ blockchain: Blockchain; due: string; oldest: Date | null }> =
      await this.dataSource.query(
        `SELECT "blockchain", SUM("due")::text AS "due", MIN("oldest") AS "oldest" FROM (
         SELECT "blockchain", COUNT(*) AS "due", MIN("due_at") AS "oldest" FROM ${ACCOUNTS}
         WHERE "due_at" IS NOT NULL AND "sweep_id" IS NULL GROUP BY "blockchain"
         UNION ALL
         SELECT "blockchain", 0, MIN("created_at") FROM "chain_watchers"."sweep"
         WHERE "status" = 'PENDING' GROUP BY "blockchain") AS "waiting"
       GROUP BY "blockchain"`,
      );
    return rows.map(({ blockchain, due, oldest }) => ({
      blockchain,
      due: Number(due),
      oldestAgeSeconds: oldest ? Math.max(0, (now.getTime() - new Date(oldest).getTime()) / 1000) : 0,
    }));
  }

  // The latest sweeps of a chain, newest first, with their items and attempts (operations).
  async history(blockchain: Blockchain, limit = 100): Promise<SweepRecord[]> {
    const sweeps = await this.dataSource
      .getRepository(SweepEntity)
      .find({ where: { blockchain }, order: { createdAt: 'DESC' }, take: limit });
    const records: SweepRecord[] = [];
    for (const sweep of sweeps) {
      const attempts = (await this.attempts(sweep.id)).map(
        ({ signedPayload: _payload, ...attempt }) => attempt,
      );
      records.push({ ...sweep, items: await this.items(sweep.id), attempts });
    }
    return records;
  }

  private async releaseAccounts(
    manager: EntityManager,
    sweepId: string,
    plannedAt: Date | null,
  ): Promise<void> {
    await manager.query(
      `UPDATE ${ACCOUNTS} SET "sweep_id" = NULL,
         "due_at" = CASE WHEN $2::timestamptz IS NOT NULL AND "due_at" <= $2::timestamptz THEN NULL ELSE "due_at" END
       WHERE "sweep_id" = $1`,
      [sweepId, plannedAt],
    );
  }
}

function accountsIn(manager: EntityManager, sweepId: string): Promise<DepositAccountEntity[]> {
  return manager.find(DepositAccountEntity, { where: { sweepId }, order: { dueAt: 'ASC' } });
}
