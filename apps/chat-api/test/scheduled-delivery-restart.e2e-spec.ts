import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import { apiGatewayDefinition } from '@apps/api-gateway';
import type { RunningService } from '@platform/http';
import { InMemoryEventBus } from '@platform/messaging';
import { expectEventually } from '@platform/test-support';
import { startTestService } from '@platform/testing';
import { chatApiDefinition } from '../src/chat-api.definition.js';
import { ChatActions } from './chat-actions.js';
import { type ChatAccount, ChatTestSystem, TEST_CHAT_SECRET_KEY } from './chat-test-system.js';

// The queue of scheduled messages is the database: a worker that stops before a message is due
// and a fresh process on the same database delivers it, once.
describe('scheduled delivery across a restart of chat-api', () => {
  let system: ChatTestSystem;
  let restarted: RunningService | null = null;
  let restartedBus: InMemoryEventBus | null = null;
  let owner: ChatAccount;
  let member: ChatAccount;

  beforeAll(async () => {
    system = await ChatTestSystem.start(apiGatewayDefinition);
    owner = (await system.createRealm()).owner;
    member = await system.createUser(owner, 'restart@example.com', 'Ray Restart');
  });

  afterAll(async () => {
    await restarted?.close();
    await restartedBus?.disconnect();
    await system.gateway.close();
    await system.bus.disconnect();
    await system.database.drop();
  });

  it('delivers what was scheduled before the process stopped', async () => {
    const dueAt = Math.ceil(Date.now() / 1000) + 2;
    const { body } = await new ChatActions(system)
      .as(member)
      .post('/scheduled_messages', {
        type: 'direct',
        to: JSON.stringify([owner.userId]),
        content: 'sent by the next process',
        scheduled_delivery_timestamp: String(dueAt),
      })
      .expect(200);
    await system.chatApi.close();

    // A fresh process has a bus connection of its own: the in-memory bus keeps the stopped
    // process's consumer groups (chat-api consumes chat.outgoing-webhook.completed.v1).
    restartedBus = new InMemoryEventBus();
    await restartedBus.connect();
    restarted = await startTestService(chatApiDefinition, {
      databaseUrl: system.database.url,
      bus: restartedBus,
      env: { CHAT_SECRET_KEY: TEST_CHAT_SECRET_KEY },
    });
    const db = restarted.app.get(DataSource);
    await expectEventually(
      async () => {
        const rows = (await db.query(
          `SELECT s."delivered", m."content", m."sender_id", extract(epoch FROM m."date_sent") AS "sent_at"
           FROM "chat"."scheduled_message" s JOIN "chat"."message" m ON m."id" = s."delivered_message_id"
           WHERE s."id" = $1`,
          [body.scheduled_message_id],
        )) as Array<{ delivered: boolean; content: string; sender_id: number; sent_at: string }>;
        expect(rows).toEqual([
          {
            delivered: true,
            content: 'sent by the next process',
            sender_id: member.userId,
            sent_at: expect.any(String),
          },
        ]);
        expect(Number(rows[0]!.sent_at)).toBeGreaterThanOrEqual(dueAt);
      },
      { timeoutMs: 15_000 },
    );
    const copies = (await db.query(`SELECT count(*)::int AS "n" FROM "chat"."message" WHERE "content" = $1`, [
      'sent by the next process',
    ])) as Array<{ n: number }>;
    expect(copies[0]!.n).toBe(1);
  });
});
