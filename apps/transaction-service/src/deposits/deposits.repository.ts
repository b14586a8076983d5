import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { Blockchain } from '@shared/contracts';
import { entityManagerOf, type UnitOfWork } from '@platform/database';
import { DepositEntity, type DepositOutcome, type DepositSource } from './deposit.entity.js';

export interface TransferKey {
  readonly blockchain: Blockchain;
  readonly onChainTx: string;
  readonly transferIndex: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// DepositEntity's columns under its property names: a row read in plain SQL is the entity.
const DEPOSIT_COLUMNS = `"id", "blockchain", "on_chain_tx" AS "onChainTx", "transfer_index" AS "transferIndex",
  "transaction_id" AS "transactionId", "crypto_currency" AS "cryptoCurrency", "asset",
  "deposit_address" AS "depositAddress", "sender", "amount", "memo", "outcome", "note", "source",
  "confirmed_at" AS "confirmedAt", "recorded_at" AS "recordedAt"`;

@Injectable()
export class DepositsRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  // False when the transfer was already recorded (possibly by a concurrent caller, whose commit
  // this waits for): nothing written. The writes here are plain SQL: every deposit makes them,
  // and the query builder costs more than the statements.
  async insertIfNew(unit: UnitOfWork, deposit: DepositEntity): Promise<boolean> {
    const manager = entityManagerOf(unit);
    const rows = (await manager.query(
      `INSERT INTO "transaction"."deposit" ("id", "blockchain", "on_chain_tx", "transfer_index", "transaction_id",
         "crypto_currency", "asset", "deposit_address", "sender", "amount", "memo", "outcome", "note", "source",
         "confirmed_at", "recorded_at")
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
       ON CONFLICT DO NOTHING
       RETURNING "id"`,
      [
        deposit.id,
        deposit.blockchain,
        deposit.onChainTx,
        deposit.transferIndex,
        deposit.transactionId,
        deposit.cryptoCurrency,
        deposit.asset,
        deposit.depositAddress,
        deposit.sender,
        deposit.amount,
        deposit.memo,
        deposit.outcome,
        deposit.note,
        deposit.source,
        deposit.confirmedAt,
        deposit.recordedAt,
      ],
    )) as Array<{ id: string }>;
    return rows.length > 0;
  }

  // Every deposit looks its transfer up (plain SQL, as the writes: the entity read's query
  // builder cost more than the statement).
  findByTransfer(unit: UnitOfWork, key: TransferKey): Promise<DepositEntity | null> {
    return this.byTransfer(entityManagerOf(unit), key);
  }

  // findByTransfer outside any transaction: what is committed now.
  findCommittedByTransfer(key: TransferKey): Promise<DepositEntity | null> {
    return this.byTransfer(this.dataSource.manager, key);
  }

  private async byTransfer(manager: EntityManager, key: TransferKey): Promise<DepositEntity | null> {
    const rows = (await manager.query(
      `SELECT ${DEPOSIT_COLUMNS} FROM "transaction"."deposit"
       WHERE "blockchain" = $1 AND "on_chain_tx" = $2 AND "transfer_index" = $3`,
      [key.blockchain, key.onChainTx, key.transferIndex],
    )) as DepositEntity[];
    return rows[0] ?? null;
  }

  // Gives an unmatched deposit to a transaction; false when someone matched (or refunded) it
  // first.
  async claim(
    unit: UnitOfWork,
    depositId: string,
    transactionId: string,
    outcome: DepositOutcome,
    source: DepositSource,
  ): Promise<boolean> {
    const manager = entityManagerOf(unit);
    // The driver answers an UPDATE with [rows, affected].
    const [, affected] = (await manager.query(
      `UPDATE "transaction"."deposit" SET "transaction_id" = $2, "outcome" = $3, "source" = $4, "note" = NULL
       WHERE "id" = $1 AND "transaction_id" IS NULL AND "outcome" = 'UNMATCHED'`,
      [depositId, transactionId, outcome, source],
    )) as [unknown[], number];
    return affected > 0;
  }

  // The deposit locked until the transaction ends, so that of two operators resolving one held
  // transfer the second sees what the first did. Null for an unknown or malformed id.
  async lockById(unit: UnitOfWork, id: string): Promise<DepositEntity | null> {
    if (!UUID.test(id)) return null;
    const rows = (await entityManagerOf(unit).query(
      `SELECT ${DEPOSIT_COLUMNS} FROM "transaction"."deposit" WHERE "id" = $1 FOR UPDATE`,
      [id],
    )) as DepositEntity[];
    return rows[0] ?? null;
  }

  // A held transfer sent back by an operator: it funds nothing and leaves the unmatched list.
  async markRefunded(unit: UnitOfWork, id: string, source: DepositSource): Promise<void> {
    await entityManagerOf(unit).query(
      `UPDATE "transaction"."deposit" SET "outcome" = 'REFUNDED', "source" = $2
       WHERE "id" = $1 AND "transaction_id" IS NULL AND "outcome" = 'UNMATCHED'`,
      [id, source],
    );
  }

  // The Stellar memo names the transaction by its reference, whichever partner it belongs to.
  async findTransactionIdByReference(unit: UnitOfWork, reference: string): Promise<string | null> {
    const manager = entityManagerOf(unit);
    const rows = (await manager.query('SELECT "id" FROM "transaction"."transaction" WHERE "reference" = $1', [
      reference,
    ])) as Array<{ id: string }>;
    return rows[0]?.id ?? null;
  }

  fundingDepositOf(unit: UnitOfWork, transactionId: string): Promise<DepositEntity | null> {
    const manager = entityManagerOf(unit);
    return manager.findOneBy(DepositEntity, { transactionId, outcome: 'FUNDED' });
  }
}
