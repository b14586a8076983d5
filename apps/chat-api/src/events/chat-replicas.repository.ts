import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

// The chat-api replicas holding event queues, and where each is reached (ChatReplica).
@Injectable()
export class ChatReplicasRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  // Where the replica is reached, if it was seen within the last `liveForSeconds`.
  async liveUrl(replicaId: string, liveForSeconds: number): Promise<string | null> {
    const [row] = (await this.dataSource.query(
      `SELECT "url" FROM "chat"."replica"
       WHERE "id" = $1 AND "seen_at" > now() - make_interval(secs => $2)`,
      [replicaId, liveForSeconds],
    )) as Array<{ url: string }>;
    return row?.url ?? null;
  }

  // Registers the replica, or tells it is still alive (and where it is reached now).
  async markSeen(replicaId: string, url: string): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO "chat"."replica" ("id", "url", "seen_at") VALUES ($1, $2, now())
       ON CONFLICT ("id") DO UPDATE SET "url" = EXCLUDED."url", "seen_at" = now()`,
      [replicaId, url],
    );
  }

  // Forgets the replicas silent for a day.
  async deleteSilentForADay(): Promise<void> {
    await this.dataSource.query(`DELETE FROM "chat"."replica" WHERE "seen_at" < now() - interval '1 day'`);
  }

  async delete(replicaId: string): Promise<void> {
    await this.dataSource.query('DELETE FROM "chat"."replica" WHERE "id" = $1', [replicaId]);
  }
}
