import { Injectable } from '@nestjs/common';
import { Gauge } from 'prom-client';
import { MetricsRegistry } from '@platform/http';
import { ImageAttachmentsRepository } from './image-attachments.repository.js';

// The thumbnail backlog on /metrics, counted from the table at each scrape: every replica reports
// the same figure, whichever replica will make the thumbnails. A backlog that stays up means the
// workers are down or cannot keep up; the images show their loading placeholder meanwhile.
@Injectable()
export class ThumbnailMetrics {
  constructor(metrics: MetricsRegistry, images: ImageAttachmentsRepository) {
    new Gauge({
      name: 'chat_thumbnails_pending',
      help: 'Uploaded images whose thumbnails are not made yet',
      registers: [metrics.registry],
      async collect() {
        this.set(await images.countPending());
      },
    });
  }
}
