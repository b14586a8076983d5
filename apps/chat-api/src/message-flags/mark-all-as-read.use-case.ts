import { Inject, Injectable } from '@nestjs/common';
import { TransactionalOutbox } from '@platform/messaging';
import type { ChatTopics } from '@shared/contracts';
import { Clock } from '@shared/util';
import type { ChatCaller } from '../core/http/chat-caller.js';
import { publishChatEvent } from '../core/events/chat-event.publisher.js';
import { flagChange } from './flag-rules.js';
import { flagsEvent } from './flags-event.js';
import { MarkReadRepository } from './mark-read.repository.js';

// Zulip's do_mark_all_as_read(timeout=50): batches of 2,000 copies, each in its own
// transaction, so a huge backlog makes progress; past the time budget the answer is
// `complete: false` (the client asks again) and nothing is announced. Once done, one
// update_message_flags event with `all: true` and no ids (clients reload their unreads).
const BATCH_SIZE = 2000;
const TIME_BUDGET_MS = 50_000;

@Injectable()
export class MarkAllAsReadUseCase {
  constructor(
    @Inject(TransactionalOutbox) private readonly outbox: TransactionalOutbox<ChatTopics>,
    private readonly marks: MarkReadRepository,
    private readonly clock: Clock,
  ) {}

  async execute(caller: ChatCaller): Promise<{ complete: boolean }> {
    const deadline = this.clock.now().getTime() + TIME_BUDGET_MS;
    for (;;) {
      if (this.clock.now().getTime() >= deadline) return { complete: false };
      const marked = await this.outbox.run(async (tx) => {
        const count = await this.marks.markOldestRead(tx, caller.user.id, BATCH_SIZE);
        if (count < BATCH_SIZE)
          await publishChatEvent(tx, flagsEvent(caller, flagChange('read', 'add'), [], { all: true }));
        return count;
      });
      if (marked < BATCH_SIZE) return { complete: true };
    }
  }
}
