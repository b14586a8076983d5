import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { LOGGER, type Logger } from '@platform/logging';
import { Clock } from '@shared/util';
import { QueueDrainer } from '../../core/background/queue-drainer.js';
import { ImageAttachmentsRepository } from './image-attachments.repository.js';
import { ImageThumbnailer } from './image-thumbnailer.js';

// A claim outlives any one image's thumbnails by far; one that lapses was its worker's death.
const LEASE_MS = 60_000;
// The pass that finds other replicas' uploads and lapsed claims (this replica's own uploads wake
// the worker at once).
const POLL_MS = 10_000;
// Images thumbnailed side by side on a replica (each decodes its whole original).
const BATCH = 2;
// An image taken up this many times without finishing is given up (its decoding killed the
// worker, out of memory perhaps), as one that does not decode.
const MAX_ATTEMPTS = 3;

// Zulip's thumbnail queue worker, off the request path but durable: the queue is the
// image_attachment table (rows with no thumbnail yet), claimed with a lease (FOR UPDATE SKIP
// LOCKED), the same shape as the realm export worker's.
@Injectable()
export class ThumbnailWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly queue: QueueDrainer<{ id: number; attempts: number }>;

  constructor(
    images: ImageAttachmentsRepository,
    thumbnailer: ImageThumbnailer,
    clock: Clock,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.queue = new QueueDrainer(
      () => images.claimDue(clock.now(), LEASE_MS, BATCH),
      (claimed) =>
        claimed.attempts > MAX_ATTEMPTS ? thumbnailer.giveUp(claimed.id) : thumbnailer.ensure(claimed.id),
      logger,
      'thumbnailing round failed',
    );
  }

  onApplicationBootstrap(): void {
    this.queue.start(POLL_MS);
  }

  onApplicationShutdown(): void {
    this.queue.stop();
  }

  // After an upload's commit on this replica.
  wake(): void {
    this.queue.wake();
  }
}
