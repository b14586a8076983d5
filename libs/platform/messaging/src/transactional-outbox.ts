import type { DataSource } from 'typeorm';
import type { Clock, IdGenerator } from '@shared/util';
import type { TopicMap } from './event-envelope.js';
import { OutboxTransaction } from './outbox-transaction.js';

export interface RelayTrigger {
  kick(): void;
}

// The only way the apps publish: `run` opens a transaction, the work writes its changes and
// its events, and once committed the relay is told there is something to send.
export class TransactionalOutbox<M extends TopicMap> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly relay: RelayTrigger,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {}

  async run<T>(work: (tx: OutboxTransaction<M>) => Promise<T>): Promise<T> {
    let tx: OutboxTransaction<M> | undefined;
    const result = await this.dataSource.transaction((manager) => {
      tx = new OutboxTransaction<M>(manager, this.clock, this.ids);
      return work(tx);
    });
    this.relay.kick();
    tx?.committed();
    return result;
  }
}
