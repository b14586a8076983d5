import { describe, expect, it, jest } from '@jest/globals';
import type { HttpAdapterHost } from '@nestjs/core';
import type { HttpConfig } from '@platform/http';
import { RandomIdGenerator } from '@shared/util';
import type { DataSource } from 'typeorm';
import type { ChatApiConfig } from '../core/chat-api.config.js';
import { ChatReplica } from './chat-replica.js';
import { ChatReplicasRepository } from './chat-replicas.repository.js';

function replicaWith(query: (sql: string) => Promise<unknown>) {
  const dataSource = { query: jest.fn(query) };
  const replica = new ChatReplica(
    new RandomIdGenerator(),
    new ChatReplicasRepository(dataSource as unknown as DataSource),
    {} as HttpAdapterHost,
    {} as HttpConfig,
    { CHAT_REPLICA_URL: 'http://10.0.0.7:3000' } as ChatApiConfig,
  );
  return { replica, dataSource };
}

describe(ChatReplica.name, () => {
  it("tells its own queues from another replica's by the id they start with", () => {
    const { replica } = replicaWith(async () => []);
    const own = replica.queueId('0b5e4c1a-2f7d-4f0e-9a51-3c8f1d2e6a77');

    expect(replica.elsewhere(own)).toBeNull();
    expect(replica.elsewhere('a1b2c3d4-0000-4000-8000-000000000001:queue')).toBe(
      'a1b2c3d4-0000-4000-8000-000000000001',
    );
    expect(replica.elsewhere('no-replica-named')).toBeNull();
  });

  it('registers once, and tries again when registering failed', async () => {
    let failNext = true;
    const { replica, dataSource } = replicaWith(async () => {
      if (failNext) {
        failNext = false;
        throw new Error('the database is restarting');
      }
      return [];
    });

    await expect(replica.register()).rejects.toThrow('the database is restarting');
    await replica.register();
    await replica.register();

    const writes = dataSource.query.mock.calls.filter(([sql]) => sql.includes('INSERT'));
    expect(writes).toHaveLength(2);
    await replica.onApplicationShutdown();
  });
});
