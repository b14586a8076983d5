import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { AddressInfo } from 'node:net';
import { HttpConfig } from '@platform/http';
import { IdGenerator } from '@shared/util';
import { ChatApiConfig } from '../core/chat-api.config.js';
import { ChatReplicasRepository } from './chat-replicas.repository.js';

// A replica tells it is alive this often; one silent for LIVE_FOR_SECONDS is taken for gone
// (its queues went with it), and its row is deleted after a day.
const HEARTBEAT_MS = 30_000;
const LIVE_FOR_SECONDS = 90;

// This replica's identity among the chat-api replicas. Its event queue ids start with its id,
// so a long poll that reaches another replica can be passed to this one (RemoteEventQueues).
// The replica registers where it is reached when it creates its first queue: by then it listens,
// and a replica that never holds a queue is never asked for one.
@Injectable()
export class ChatReplica implements OnApplicationShutdown {
  readonly id: string;
  private registration: Promise<void> | null = null;
  private heartbeat: NodeJS.Timeout | null = null;

  constructor(
    ids: IdGenerator,
    private readonly replicas: ChatReplicasRepository,
    private readonly adapterHost: HttpAdapterHost,
    private readonly http: HttpConfig,
    private readonly config: ChatApiConfig,
  ) {
    this.id = ids.uuid();
  }

  // Called for every queue created; registers once (again after a failed attempt).
  register(): Promise<void> {
    this.registration ??= this.announce().then(
      () => {
        this.heartbeat = setInterval(() => void this.announce().catch(() => undefined), HEARTBEAT_MS);
        this.heartbeat.unref();
      },
      (error: unknown) => {
        this.registration = null;
        throw error;
      },
    );
    return this.registration;
  }

  // An id for a queue this replica holds.
  queueId(unique: string): string {
    return `${this.id}:${unique}`;
  }

  // The other replica holding a queue, or null when it is this one (or the id names none).
  elsewhere(queueId: string): string | null {
    const separator = queueId.indexOf(':');
    const owner = separator > 0 ? queueId.slice(0, separator) : null;
    return owner === this.id ? null : owner;
  }

  // Where a live replica is reached, or null when it is gone or never held a queue.
  async urlOf(replicaId: string): Promise<string | null> {
    if (!UUID.test(replicaId)) return null;
    return this.replicas.liveUrl(replicaId, LIVE_FOR_SECONDS);
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.heartbeat) clearInterval(this.heartbeat);
    if (!this.registration) return;
    await this.replicas.delete(this.id).catch(() => undefined);
  }

  private async announce(): Promise<void> {
    await this.replicas.markSeen(this.id, this.config.CHAT_REPLICA_URL ?? this.listeningUrl());
    await this.replicas.deleteSilentForADay();
  }

  // Without CHAT_REPLICA_URL: the port this process listens on, on this host (replicas that
  // share a host; Kubernetes sets the pod's address).
  private listeningUrl(): string {
    const server = this.adapterHost.httpAdapter.getHttpServer() as { address(): AddressInfo | string | null };
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : this.http.PORT;
    return `http://127.0.0.1:${port}`;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
