import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { expectEventually } from '@platform/test-support';
import { CreateRealmUseCase } from '../src/realms/create-realm.use-case.js';
import { startChatReplicaPair, type ChatReplicaPair } from './chat-replica-pair.js';

// Two chat-api replicas on one PostgreSQL and one export directory: each requested export is
// built by exactly one of them, and either serves the archive.
describe('organization data exports across two chat-api replicas', () => {
  const run = randomUUID().slice(0, 8);
  let exportDir: string;
  let pair: ChatReplicaPair;

  beforeAll(async () => {
    exportDir = await mkdtemp(join(tmpdir(), 'chat-exports-infra-'));
    pair = await startChatReplicaPair('chat-exports', run, {
      CHAT_SECRET_KEY: 'chat-secret-key-for-the-exports-suite-01234',
      CHAT_EXPORT_DIR: exportDir,
      // Both replicas look for work often, so both compete for every export.
      CHAT_EXPORT_POLL_MS: '100',
    });
  }, 120_000);

  afterAll(async () => {
    await pair?.stop();
    await rm(exportDir, { recursive: true, force: true });
  });

  it('builds each export exactly once and serves it from either replica', async () => {
    const [a, b] = pair.replicas;
    const realm = await a.app.get(CreateRealmUseCase).execute({
      name: `Exports ${run}`,
      ownerEmail: `exports-${run}@example.com`,
      ownerName: 'Export Owner',
      origin: 'http://chat.test',
    });
    const { email, apiKey, userId } = realm.owner;
    const ids: number[] = [];
    for (const replica of [a, b, a, b]) {
      const { body } = await request(replica.app.getHttpServer())
        .post('/api/v1/export/realm')
        .auth(email, apiKey)
        .expect(200);
      ids.push(body.id as number);
    }

    const database = a.app.get(DataSource);
    const rows = await expectEventually(
      async () => {
        const found = (await database.query(
          `SELECT "id", "status", "attempts" FROM "chat"."realm_export" WHERE "realm_id" = $1 ORDER BY "id"`,
          [realm.realmId],
        )) as Array<{ id: number; status: number; attempts: number }>;
        expect(found.map((row) => row.status)).toEqual([3, 3, 3, 3]);
        return found;
      },
      { timeoutMs: 60_000 },
    );
    // Claimed once each: no replica took over an export another was building.
    expect(rows).toEqual(ids.map((id) => ({ id, status: 3, attempts: 1 })));
    // The notice follows each success's commit: wait for all, and no more.
    await expectEventually(async () => {
      const [{ notices }] = (await database.query(
        `SELECT count(*)::int AS "notices" FROM "chat"."message" m JOIN "chat"."user_message" um ON um."message_id" = m."id"
          WHERE m."realm_id" = $1 AND um."user_id" = $2 AND m."content" LIKE 'Your data export is complete.%'`,
        [realm.realmId, userId],
      )) as [{ notices: number }];
      expect(notices).toBe(ids.length);
    });
    for (const replica of [a, b])
      await request(replica.app.getHttpServer())
        .get(`/api/v1/export/realm/${ids[0]}/download`)
        .auth(email, apiKey)
        .expect(200)
        .expect('Content-Type', 'application/gzip');
  }, 90_000);
});
