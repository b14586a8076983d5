import { Injectable } from '@nestjs/common';
import { Clock } from '@shared/util';
import type { StreamEntity } from '../streams/stream.entity.js';
import { StreamsRepository } from '../streams/streams.repository.js';
import type { UserEntity } from '../core/accounts/user.entity.js';
import { UsersRepository } from '../users/users.repository.js';

// Typing notifications come every few seconds from every composing client, and a missed or
// slightly stale audience only means an indicator shown to a user who just left: who is in a
// conversation is cached for a second rather than read from the database on every request.
const TTL_MS = 1_000;
const MAX_ENTRIES = 10_000;

interface Entry<T> {
  readonly value: T;
  readonly expiresAt: number;
}

export interface ChannelAudience {
  readonly stream: StreamEntity | null;
  readonly subscriberIds: readonly number[];
}

// The reads themselves are kept, not only their answers: when an entry expires under load, the
// requests arriving meanwhile share one read.
@Injectable()
export class TypingAudience {
  private readonly channels = new Map<string, Entry<Promise<ChannelAudience>>>();
  private readonly people = new Map<string, Entry<Promise<UserEntity | null>>>();

  constructor(
    private readonly streams: StreamsRepository,
    private readonly accounts: UsersRepository,
    private readonly clock: Clock,
  ) {}

  channel(realmId: number, streamId: number): Promise<ChannelAudience> {
    const key = `${realmId}:${streamId}`;
    const cached = this.fresh(this.channels, key);
    if (cached) return cached.value;
    return this.keep(this.channels, key, this.readChannel(realmId, streamId));
  }

  // The realm's accounts with these ids, in the order asked; null for an unknown id.
  users(realmId: number, ids: readonly number[]): Promise<Array<UserEntity | null>> {
    const reads = new Map<number, Promise<UserEntity | null>>();
    for (const id of ids) {
      const cached = this.fresh(this.people, `${realmId}:${id}`);
      if (cached) reads.set(id, cached.value);
    }
    const missing = ids.filter((id) => !reads.has(id));
    if (missing.length > 0) {
      const found = this.accounts.findManyByIds(realmId, missing);
      for (const id of missing) {
        const user = found.then((users) => users.find((candidate) => candidate.id === id) ?? null);
        reads.set(id, this.keep(this.people, `${realmId}:${id}`, user));
      }
    }
    return Promise.all(ids.map((id) => reads.get(id)!));
  }

  private async readChannel(realmId: number, streamId: number): Promise<ChannelAudience> {
    const stream = await this.streams.findById(realmId, streamId);
    const subscriberIds = stream ? await this.streams.subscriberIds(stream.id) : [];
    return { stream, subscriberIds };
  }

  private fresh<T>(cache: Map<string, Entry<T>>, key: string): Entry<T> | undefined {
    const entry = cache.get(key);
    return entry && entry.expiresAt > this.clock.now().getTime() ? entry : undefined;
  }

  // A failed read is forgotten at once.
  private keep<T>(cache: Map<string, Entry<Promise<T>>>, key: string, value: Promise<T>): Promise<T> {
    // Bounded: expired entries are only replaced, so an oversized cache starts over.
    if (cache.size >= MAX_ENTRIES) cache.clear();
    const entry = { value, expiresAt: this.clock.now().getTime() + TTL_MS };
    cache.set(key, entry);
    value.catch(() => {
      if (cache.get(key) === entry) cache.delete(key);
    });
    return value;
  }
}
