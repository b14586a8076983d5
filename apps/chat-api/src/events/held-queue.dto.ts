import { IsBoolean, IsInt, IsString, MaxLength } from 'class-validator';
import type { HeldQueuePoll } from './held-queue-poll.js';
import type { HeldQueueDeletion } from './remote-event-queues.js';

export class HeldQueuePollDto implements HeldQueuePoll {
  @IsInt()
  userId!: number;

  @IsString()
  @MaxLength(200)
  queueId!: string;

  @IsInt()
  lastEventId!: number;

  @IsBoolean()
  dontBlock!: boolean;
}

export class HeldQueueDeletionDto implements HeldQueueDeletion {
  @IsInt()
  userId!: number;

  @IsString()
  @MaxLength(200)
  queueId!: string;
}
