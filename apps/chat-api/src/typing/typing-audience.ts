import { Injectable } from '@nestjs/common';
import { Clock } from '@shared/util';
import type { StreamEntity } from '../streams/stream.entity.js';
import { StreamsRepository } from '../streams/streams.repository.js';
import type { UserEntity } from '../users/user.entity.js';
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

@Injectable()
export class TypingAudience {
  private readonly channels = new Map<string, Entry<ChannelAudience>>();
  private readonly people = new Map<string, Entry<UserEntity | null>>();

  constructor(
    private readonly streams: StreamsRepository,
    private readonly accounts: UsersRepository,
    private readonly clock: Clock,
  ) {}

  async channel(realmId: number, streamId: number): Promise<ChannelAudience> {
    const key = `${realmId}:${streamId}`;
    const cached = this.fresh(this.channels, key);
    if (cached) return cached.value;
    const stream = await this.streams.findById(realmId, streamId);
    const subscriberIds = stream ? await this.streams.subscriberIds(stream.id) : [];
    return this.keep(this.channels, key, { stream, subscriberIds });
  }

  // The realm's accounts with these ids, in the order asked; null for an unknown id.
  async users(realmId: number, ids: readonly number[]): Promise<Array<UserEntity | null>> {
    const missing = ids.filter((id) => !this.fresh(this.people, `${realmId}:${id}`));
    if (missing.length > 0) {
      const found = await this.accounts.findManyByIds(realmId, missing);
      for (const id of missing)
        this.keep(this.people, `${realmId}:${id}`, found.find((user) => user.id === id) ?? null);
    }
    return ids.map((id) => this.people.get(`${realmId}:${id}`)?.value ?? null);
  }

  private fresh<T>(cache: Map<string, Entry<T>>, key: string): Entry<T> | undefined {
    const entry = cache.get(key);
    return entry && entry.expiresAt > this.clock.now().getTime() ? entry : undefined;
  }

  private keep<T>(cache: Map<string, Entry<T>>, key: string, value: T): T {
    // Bounded: expired entries are only replaced, so an oversized cache starts over.
    if (cache.size >= MAX_ENTRIES) cache.clear();
    cache.set(key, { value, expiresAt: this.clock.now().getTime() + TTL_MS });
    return value;
  }
}
