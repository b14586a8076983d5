import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Request } from 'express';
import { InternalAuth } from '@platform/http';
import { ChatError } from '../core/http/chat.error.js';
import { EventQueueAccess } from './get-events.use-case.js';
import { type PollResult } from './held-queue-poll.js';
import { HeldQueueDeletionDto, HeldQueuePollDto } from './held-queue.dto.js';
import { INTERNAL_EVENT_QUEUES_PATH, type RemoteQueueAnswer } from './remote-event-queues.js';

// Requests for this replica's queues that reached another replica (RemoteEventQueues). The
// client was authenticated there; the queue's owner is still checked here.
@ApiExcludeController()
@InternalAuth()
@Controller(INTERNAL_EVENT_QUEUES_PATH.slice(1))
export class InternalEventQueuesController {
  constructor(private readonly queues: EventQueueAccess) {}

  @Post('poll')
  @HttpCode(200)
  poll(@Body() poll: HeldQueuePollDto, @Req() request: Request): Promise<RemoteQueueAnswer<PollResult>> {
    // The replica that passed the poll on closes its request when its client goes away.
    const closed = new Promise<void>((resolve) => request.res?.once('close', () => resolve()));
    return answerOf(() => this.queues.pollHeld(poll, closed));
  }

  @Post('delete')
  @HttpCode(200)
  delete(@Body() deletion: HeldQueueDeletionDto): Promise<RemoteQueueAnswer<Record<string, never>>> {
    return answerOf(() => this.queues.deleteHeld(deletion.userId, deletion.queueId));
  }
}

async function answerOf<T>(handle: () => T | Promise<T>): Promise<RemoteQueueAnswer<T>> {
  try {
    return { answer: await handle() };
  } catch (error) {
    if (!(error instanceof ChatError)) throw error;
    return { refusal: { code: error.code, msg: error.reason, extra: error.extra } };
  }
}
