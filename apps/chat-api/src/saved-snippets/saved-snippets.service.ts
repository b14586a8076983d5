import { Inject, Injectable } from '@nestjs/common';
import { TransactionalOutbox } from '@platform/messaging';
import type { ChatTopics } from '@shared/contracts';
import { Clock } from '@shared/util';
import type { UnitOfWork } from '@platform/database';
import type { ChatCaller } from '../core/http/chat-caller.js';
import { type ChatTransaction, publishChatEvent } from '../core/events/chat-event.publisher.js';
import { ChatError } from '../core/http/chat.error.js';
import type { SavedSnippetEntity } from './saved-snippet.entity.js';
import { savedSnippetRow } from './saved-snippet.presenter.js';
import { type SnippetOwner, SavedSnippetsRepository } from './saved-snippets.repository.js';

export interface SnippetChanges {
  readonly title: string | undefined;
  readonly content: string | undefined;
}

// Zulip's saved snippets: create, edit and delete one of the caller's own snippets; each change
// is announced to the owner's queues as a `saved_snippets` event.
@Injectable()
export class SavedSnippetsService {
  constructor(
    @Inject(TransactionalOutbox) private readonly outbox: TransactionalOutbox<ChatTopics>,
    private readonly snippets: SavedSnippetsRepository,
    private readonly clock: Clock,
  ) {}

  async list(caller: ChatCaller) {
    const snippets = await this.snippets.list(ownerOf(caller));
    return { saved_snippets: snippets.map(savedSnippetRow) };
  }

  create(caller: ChatCaller, title: string, content: string): Promise<{ saved_snippet_id: number }> {
    return this.outbox.run(async (tx) => {
      const snippet = await this.snippets.insert(tx, {
        ...ownerOf(caller),
        title,
        content,
        dateCreated: this.clock.now(),
      });
      await announce(tx, caller, { op: 'add', saved_snippet: savedSnippetRow(snippet) });
      return { saved_snippet_id: snippet.id };
    });
  }

  async edit(caller: ChatCaller, id: number, changes: SnippetChanges): Promise<Record<string, never>> {
    // Nothing to change: Zulip answers success without touching the snippet (or sending an event).
    if (changes.title === undefined && changes.content === undefined) return {};
    await this.outbox.run(async (tx) => {
      const snippet = await this.owned(tx, ownerOf(caller), id);
      snippet.title = changes.title ?? snippet.title;
      snippet.content = changes.content ?? snippet.content;
      await this.snippets.update(tx, snippet);
      await announce(tx, caller, { op: 'update', saved_snippet: savedSnippetRow(snippet) });
    });
    return {};
  }

  async delete(caller: ChatCaller, id: number): Promise<Record<string, never>> {
    await this.outbox.run(async (tx) => {
      const snippet = await this.owned(tx, ownerOf(caller), id);
      await this.snippets.delete(tx, snippet);
      await announce(tx, caller, { op: 'remove', saved_snippet_id: snippet.id });
    });
    return {};
  }

  private async owned(unit: UnitOfWork, owner: SnippetOwner, id: number): Promise<SavedSnippetEntity> {
    const snippet = await this.snippets.find(unit, owner, id);
    if (!snippet) throw ChatError.notFound('Saved snippet does not exist.');
    return snippet;
  }
}

function ownerOf(caller: ChatCaller): SnippetOwner {
  return { realmId: caller.realm.id, userId: caller.user.id };
}

function announce(tx: ChatTransaction, caller: ChatCaller, change: Record<string, unknown>): Promise<void> {
  return publishChatEvent(tx, {
    realmId: caller.realm.id,
    userIds: [caller.user.id],
    event: { type: 'saved_snippets', ...change },
  });
}
