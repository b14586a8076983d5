import { Inject, Injectable } from '@nestjs/common';
import { TransactionalOutbox } from '@platform/messaging';
import type { ChatTopics } from '@shared/contracts';
import type { ChatCaller } from '../core/http/chat-caller.js';
import { type ChatTransaction, publishChatEvent } from '../core/events/chat-event.publisher.js';
import { AlertWordsRepository } from './alert-words.repository.js';

// Zulip's alert words (zerver/views/alert_words.py, zerver/lib/alert_words.py): added stripped
// (blank ones dropped) unless the user already has the word in any case, removed whatever the
// case; each change answers the whole list and sends it to the user's queues in an
// `alert_words` event.
@Injectable()
export class AlertWordsService {
  constructor(
    @Inject(TransactionalOutbox) private readonly outbox: TransactionalOutbox<ChatTopics>,
    private readonly words: AlertWordsRepository,
  ) {}

  async list(caller: ChatCaller) {
    return { alert_words: await this.words.list(caller.realm.id, caller.user.id) };
  }

  add(caller: ChatCaller, words: readonly string[]) {
    return this.change(caller, async (tx) => {
      const existing = new Set((await this.words.list(caller.realm.id, caller.user.id, tx)).map(lower));
      // One word per case-insensitive spelling, the last one given (Zulip's dict by lower case).
      const added = new Map<string, string>();
      for (const word of words.map((given) => given.trim()).filter((word) => word !== ''))
        if (!existing.has(lower(word))) added.set(lower(word), word);
      await this.words.add(tx, caller.realm.id, caller.user.id, [...added.values()]);
    });
  }

  remove(caller: ChatCaller, words: readonly string[]) {
    return this.change(caller, (tx) => this.words.remove(tx, caller.realm.id, caller.user.id, words));
  }

  private async change(caller: ChatCaller, apply: (tx: ChatTransaction) => Promise<void>) {
    return this.outbox.run(async (tx) => {
      await apply(tx);
      const alertWords = await this.words.list(caller.realm.id, caller.user.id, tx);
      await publishChatEvent(tx, {
        realmId: caller.realm.id,
        userIds: [caller.user.id],
        event: { type: 'alert_words', alert_words: alertWords },
      });
      return { alert_words: alertWords };
    });
  }
}

function lower(word: string): string {
  return word.toLowerCase();
}
