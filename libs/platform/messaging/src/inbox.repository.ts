import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { entityManagerOf, tableName, type UnitOfWork } from '@platform/database';
import type { EventEnvelope } from './event-envelope.js';
import { InboxMessageEntity } from './inbox-message.entity.js';

// The consumers' record of the events they applied.
@Injectable()
export class InboxRepository {
  private table: string | undefined;

  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  // Records in the unit's transaction that `consumer` applies `event`; false when it already did.
  // Plain SQL: every event of every app passes here, and the query builder costs more than it.
  async record(unit: UnitOfWork, consumer: string, event: EventEnvelope, at: Date): Promise<boolean> {
    this.table ??= tableName(this.dataSource, InboxMessageEntity);
    const inserted = (await entityManagerOf(unit).query(
      `INSERT INTO ${this.table} ("consumer", "event_id", "topic", "processed_at") VALUES ($1, $2, $3, $4)
       ON CONFLICT DO NOTHING RETURNING "event_id"`,
      [consumer, event.id, event.topic, at],
    )) as unknown[];
    return inserted.length > 0;
  }
}
