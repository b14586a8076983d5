import { Injectable } from '@nestjs/common';
import { currentTraceCarrier } from '@platform/logging';
import { Clock, IdGenerator } from '@shared/util';
import type { NewDelivery } from './webhook-delivery.js';

// What a delivery says, given the id it is recorded under (its Webhook-Id, which its body and
// event id may carry) and the time it is recorded at.
export type DeliveryContent = (
  id: string,
  now: Date,
) => Omit<NewDelivery, 'id' | 'createdAt' | 'traceparent'>;

// A delivery about to be recorded: a new id, now, its content made for both, and the trace it is
// made in (the event's or the request's), which its attempts continue.
@Injectable()
export class DeliveryDrafts {
  constructor(
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {}

  draft(content: DeliveryContent): NewDelivery {
    const id = this.ids.uuid();
    const createdAt = this.clock.now();
    const traceparent = currentTraceCarrier().traceparent ?? null;
    return { id, createdAt, traceparent, ...content(id, createdAt) };
  }
}
