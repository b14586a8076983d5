import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { entityManagerOf, PreparedStatements } from '@platform/database';
import { TransactionalOutbox, type OutboxTransaction } from '@platform/messaging';
import { PayoutTopic, type DepositDetectedV1, type PayoutTopics } from '@shared/contracts';
import { Clock, IdGenerator } from '@shared/util';
import type { DetectedDeposit } from '../core/chains/chain-adapter.js';
import type { DepositAccountEntity } from '../deposit-accounts/deposit-account.entity.js';
import { DepositAccountsRepository } from '../deposit-accounts/deposit-accounts.repository.js';
import { SeenTransferEntity, type TransferKind } from './seen-transfer.entity.js';
import { StreamCursorEntity } from './stream-cursor.entity.js';

export interface DepositBatch {
  readonly deposit: DetectedDeposit | null;
  // What the deposit is (DepositIntake decides); a TREASURY transfer is recorded, not announced.
  readonly kind?: TransferKind;
  readonly foundBy: SeenTransferEntity['foundBy'];
  // Advanced in the same transaction (streams); reconciliation never moves a cursor.
  readonly cursor?: { readonly stream: string; readonly value: string };
  // The per-transaction deposit account the deposit arrived at (watchers): announced, and due
  // for a sweep, in the same transaction, when the deposit is new.
  readonly account?: Pick<DepositAccountEntity, 'blockchain' | 'transactionId' | 'address'>;
}

// The one place a deposit becomes durable: the seen-transfer row, its outbox event and the
// stream cursor commit together or not at all, so a crash loses nothing and repeats nothing.
@Injectable()
export class DepositLedgerRepository {
  private readonly prepared: PreparedStatements;

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(TransactionalOutbox) private readonly outbox: TransactionalOutbox<PayoutTopics>,
    private readonly accounts: DepositAccountsRepository,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {
    this.prepared = new PreparedStatements(dataSource, 'seen_transfer');
  }

  async cursor(stream: string): Promise<string | null> {
    const row = await this.dataSource.getRepository(StreamCursorEntity).findOneBy({ stream });
    return row?.cursor ?? null;
  }

  // Which of these chain transactions already gave `address` a recorded transfer.
  async recordedAmong(
    blockchain: DepositDetectedV1['blockchain'],
    address: string,
    onChainTxs: readonly string[],
  ): Promise<ReadonlySet<string>> {
    if (onChainTxs.length === 0) return new Set();
    const rows: Array<{ on_chain_tx: string }> = await this.prepared.query(
      `SELECT DISTINCT "on_chain_tx" FROM "chain_watchers"."seen_transfer"
       WHERE "blockchain" = $1 AND "on_chain_tx" = ANY($2::varchar[]) AND "deposit_address" = $3`,
      [blockchain, [...onChainTxs], address],
    );
    return new Set(rows.map((row) => row.on_chain_tx));
  }

  async isSeen(
    fact: Pick<DepositDetectedV1, 'blockchain' | 'onChainTx' | 'transferIndex'>,
  ): Promise<boolean> {
    // A prepared statement: every transfer a watcher or stream reports is checked here first.
    const rows = await this.prepared.query(
      `SELECT 1 FROM "chain_watchers"."seen_transfer"
       WHERE "blockchain" = $1 AND "on_chain_tx" = $2 AND "transfer_index" = $3 LIMIT 1`,
      [fact.blockchain, fact.onChainTx, fact.transferIndex],
    );
    return rows.length > 0;
  }

  // True when the deposit was new (and its event was written).
  async record(batch: DepositBatch): Promise<boolean> {
    return this.outbox.run(async (tx) => {
      const kind = batch.kind ?? 'DEPOSIT';
      const inserted = batch.deposit ? await this.insert(tx, batch.deposit, batch.foundBy, kind) : false;
      if (batch.cursor) await this.advance(tx, batch.cursor.stream, batch.cursor.value);
      // Only a transfer seen for the first time makes its account due: the look-back reads the
      // same transfers again and again, and an account swept since must not come back for them.
      if (batch.account && inserted) {
        const { blockchain, transactionId, address } = batch.account;
        if (kind === 'DEPOSIT')
          await this.accounts.markAnnounced(tx, blockchain, transactionId, this.clock.now());
        await this.accounts.markDue(blockchain, [address], this.clock.now(), tx);
      }
      return inserted;
    });
  }

  private async insert(
    tx: OutboxTransaction<PayoutTopics>,
    { fact, memoProblem }: DetectedDeposit,
    foundBy: DepositBatch['foundBy'],
    kind: TransferKind,
  ): Promise<boolean> {
    const result = await entityManagerOf(tx)
      .createQueryBuilder()
      .insert()
      .into(SeenTransferEntity)
      .values({
        id: this.ids.uuid(),
        blockchain: fact.blockchain,
        onChainTx: fact.onChainTx,
        transferIndex: fact.transferIndex,
        cryptoCurrency: fact.cryptoCurrency,
        asset: fact.asset,
        depositAddress: fact.depositAddress,
        sender: fact.sender,
        amount: fact.amount,
        kind,
        memo: fact.memo,
        memoProblem,
        foundBy,
        confirmedAt: new Date(fact.confirmedAt),
        detectedAt: this.clock.now(),
      })
      .orIgnore()
      .returning(['id'])
      .execute();
    if (result.raw.length === 0) return false;
    if (kind === 'TREASURY') return true;
    await tx.publish(PayoutTopic.DepositDetected, fact, { key: `${fact.blockchain}:${fact.onChainTx}` });
    return true;
  }

  private async advance(tx: OutboxTransaction<PayoutTopics>, stream: string, cursor: string): Promise<void> {
    await entityManagerOf(tx)
      .createQueryBuilder()
      .insert()
      .into(StreamCursorEntity)
      .values({ stream, cursor, updatedAt: this.clock.now() })
      .orUpdate(['cursor', 'updated_at'], ['stream'])
      .execute();
  }
}
