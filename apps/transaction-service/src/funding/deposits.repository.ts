import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Blockchain } from '@shared/contracts';
import { TransactionEntity } from '../transactions/transaction.entity.js';
import { DepositEntity, type DepositOutcome } from './deposit.entity.js';

export interface TransferKey {
  readonly blockchain: Blockchain;
  readonly onChainTx: string;
  readonly transferIndex: number;
}

@Injectable()
export class DepositsRepository {
  // False when the transfer was already recorded (possibly by a concurrent caller, whose commit
  // this waits for): nothing written.
  async insertIfNew(manager: EntityManager, deposit: DepositEntity): Promise<boolean> {
    const result = await manager
      .createQueryBuilder()
      .insert()
      .into(DepositEntity)
      .values(deposit)
      .orIgnore()
      .returning(['id'])
      .execute();
    return result.raw.length > 0;
  }

  findByTransfer(manager: EntityManager, key: TransferKey): Promise<DepositEntity | null> {
    return manager.findOneBy(DepositEntity, {
      blockchain: key.blockchain,
      onChainTx: key.onChainTx,
      transferIndex: key.transferIndex,
    });
  }

  // Gives an unmatched deposit to a transaction; false when someone matched it first.
  async claim(
    manager: EntityManager,
    depositId: string,
    transactionId: string,
    outcome: DepositOutcome,
  ): Promise<boolean> {
    const result = await manager
      .createQueryBuilder()
      .update(DepositEntity)
      .set({ transactionId, outcome, note: null })
      .where('id = :depositId AND transaction_id IS NULL', { depositId })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  // The Stellar memo names the transaction by its reference, whichever partner it belongs to.
  findTransactionIdByReference(manager: EntityManager, reference: string): Promise<string | null> {
    return manager
      .findOne(TransactionEntity, { select: { id: true }, where: { reference } })
      .then((row) => row?.id ?? null);
  }

  fundingDepositOf(manager: EntityManager, transactionId: string): Promise<DepositEntity | null> {
    return manager.findOneBy(DepositEntity, { transactionId, outcome: 'FUNDED' });
  }
}
