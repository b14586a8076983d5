import type { RunningService } from '@platform/http';
import { createLogger } from '@platform/logging';
import type { KafkaEventBus } from '@platform/messaging';
import { kafkaBrokers, startTestDatabase } from '@platform/test-support';
import { RunScopedBus, runScopedKafkaBus, startTestService } from '@platform/testing';
import { chatApiDefinition } from '../src/chat-api.definition.js';

export interface ChatReplicaPair {
  readonly replicas: readonly [RunningService, RunningService];
  stop(): Promise<void>;
}

// Two chat-api replicas, `a` and `b`, on one fresh database and the real broker, each with a bus
// of its own (as two pods have), for a suite of the infra project. `env` is both replicas'.
// Their consumer groups carry the run's id: kafkajs's round-robin assignor hands a group's
// partitions to every member, whatever topics it subscribed, so another suite's chat-api on the
// broker in a plain group of the same name would take (and commit) this run's events.
export async function startChatReplicaPair(
  suite: string,
  run: string,
  env: Record<string, string>,
): Promise<ChatReplicaPair> {
  if (!kafkaBrokers()) throw new Error('KAFKA_BROKERS is not set: eval "$(bash tools/infra/infra.sh env)"');
  const logger = createLogger({ service: `${suite}-test`, level: 'silent' });
  const database = await startTestDatabase();
  const buses: KafkaEventBus[] = [];
  const replicas: RunningService[] = [];
  const stop = async () => {
    for (const replica of replicas) await replica.close();
    for (const bus of buses) await bus.disconnect();
    await database.drop();
  };
  try {
    for (const name of ['a', 'b']) {
      const bus = runScopedKafkaBus({ clientId: `${suite}-${name}`, run, logger });
      await bus.connect();
      buses.push(bus);
      replicas.push(
        await startTestService(chatApiDefinition, {
          databaseUrl: database.url,
          bus: new RunScopedBus(bus, run, 'earliest'),
          env,
        }),
      );
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { replicas: replicas as [RunningService, RunningService], stop };
}
