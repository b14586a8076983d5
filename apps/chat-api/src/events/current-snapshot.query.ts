import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { parsePgSnapshot, type PgSnapshot } from './pg-snapshot.js';

// The database's snapshot now: every read that starts afterwards sees at least what it saw.
@Injectable()
export class CurrentSnapshotQuery {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async read(): Promise<PgSnapshot> {
    const [row] = (await this.dataSource.query(`SELECT pg_current_snapshot()::text AS "snapshot"`)) as Array<{
      snapshot: string;
    }>;
    return parsePgSnapshot(row!.snapshot);
  }
}
