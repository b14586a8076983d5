import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { addressProblem } from '@payout/rails';
import type { Blockchain, DepositAddressView } from '@shared/contracts';
import { Clock, IdGenerator } from '@shared/util';
import { invalidTransactionRequest } from '../core/errors/transaction.errors.js';
import { DepositAddressEntity } from './deposit-address.entity.js';

const TABLE = '"transaction"."deposit_address"';

// The deposit addresses per chain: which one new transactions get, and their history.
@Injectable()
export class DepositAddressesRepository {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {}

  async active(blockchain: Blockchain): Promise<string | null> {
    const row = await this.dataSource
      .getRepository(DepositAddressEntity)
      .findOneBy({ blockchain, active: true });
    return row?.address ?? null;
  }

  async list(): Promise<DepositAddressView[]> {
    const rows = await this.dataSource
      .getRepository(DepositAddressEntity)
      .find({ order: { blockchain: 'ASC', activatedAt: 'DESC' } });
    return rows.map(viewOf);
  }

  // Makes `address` the chain's only active address: the previous one is retired, an address
  // used before comes back. Serialised per chain so that two rotations cannot both win.
  async activate(blockchain: Blockchain, address: string): Promise<DepositAddressView> {
    const problem = addressProblem(blockchain, address);
    if (problem) throw invalidTransactionRequest(problem);
    const now = this.clock.now();
    const row = await this.dataSource.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`deposit_address:${blockchain}`]);
      await manager.query(
        `UPDATE ${TABLE} SET "active" = false, "retired_at" = $3
         WHERE "blockchain" = $1 AND "active" AND "address" <> $2`,
        [blockchain, address, now],
      );
      await manager.query(
        `INSERT INTO ${TABLE} AS existing ("id", "blockchain", "address", "active", "activated_at", "retired_at")
         VALUES ($1, $2, $3, true, $4, NULL)
         ON CONFLICT ("blockchain", "address") DO UPDATE SET "active" = true, "retired_at" = NULL,
           "activated_at" = CASE WHEN existing."active" THEN existing."activated_at" ELSE EXCLUDED."activated_at" END`,
        [this.ids.uuid(), blockchain, address, now],
      );
      return manager.findOneByOrFail(DepositAddressEntity, { blockchain, address });
    });
    return viewOf(row);
  }

  // A fresh install's addresses from configuration, for chains that never had one.
  async seed(addresses: ReadonlyArray<readonly [Blockchain, string]>): Promise<void> {
    for (const [blockchain, address] of addresses) {
      await this.dataSource.query(
        `INSERT INTO ${TABLE} ("id", "blockchain", "address", "active", "activated_at", "retired_at")
         SELECT $1::uuid, $2::varchar, $3::varchar, true, $4::timestamptz, NULL
         WHERE NOT EXISTS (SELECT 1 FROM ${TABLE} WHERE "blockchain" = $2::varchar)
         ON CONFLICT DO NOTHING`,
        [this.ids.uuid(), blockchain, address, this.clock.now()],
      );
    }
  }
}

function viewOf(row: DepositAddressEntity): DepositAddressView {
  return {
    blockchain: row.blockchain,
    address: row.address,
    active: row.active,
    activatedAt: row.activatedAt.toISOString(),
    retiredAt: row.retiredAt?.toISOString() ?? null,
  };
}
