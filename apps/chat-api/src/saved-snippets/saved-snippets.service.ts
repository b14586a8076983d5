import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { Clock } from '@shared/util';
import type { ChatCaller } from '../auth/chat-caller.js';
import { ChatError } from '../request/chat.error.js';
import type { SavedSnippetEntity } from './saved-snippet.entity.js';
import { savedSnippetRow } from './saved-snippet.presenter.js';
import { type SnippetOwner, SavedSnippetsRepository } from './saved-snippets.repository.js';

export interface SnippetChanges {
  readonly title: string | undefined;
  readonly content: string | undefined;
}

// Zulip's saved snippets: create, edit and delete one of the caller's own snippets.
@Injectable()
export class SavedSnippetsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly snippets: SavedSnippetsRepository,
    private readonly clock: Clock,
  ) {}

  async list(caller: ChatCaller) {
    const snippets = await this.snippets.list(ownerOf(caller));
    return { saved_snippets: snippets.map(savedSnippetRow) };
  }

  create(caller: ChatCaller, title: string, content: string): Promise<{ saved_snippet_id: number }> {
    return this.dataSource.transaction(async (manager) => {
      const snippet = await this.snippets.insert(manager, {
        ...ownerOf(caller),
        title,
        content,
        dateCreated: this.clock.now(),
      });
      return { saved_snippet_id: snippet.id };
    });
  }

  async edit(caller: ChatCaller, id: number, changes: SnippetChanges): Promise<Record<string, never>> {
    // Nothing to change: Zulip answers success without touching the snippet (or sending an event).
    if (changes.title === undefined && changes.content === undefined) return {};
    await this.dataSource.transaction(async (manager) => {
      const snippet = await this.owned(manager, ownerOf(caller), id);
      snippet.title = changes.title ?? snippet.title;
      snippet.content = changes.content ?? snippet.content;
      await this.snippets.update(manager, snippet);
    });
    return {};
  }

  async delete(caller: ChatCaller, id: number): Promise<Record<string, never>> {
    await this.dataSource.transaction(async (manager) => {
      const snippet = await this.owned(manager, ownerOf(caller), id);
      await this.snippets.delete(manager, snippet);
    });
    return {};
  }

  private async owned(manager: EntityManager, owner: SnippetOwner, id: number): Promise<SavedSnippetEntity> {
    const snippet = await this.snippets.find(manager, owner, id);
    if (!snippet) throw ChatError.notFound('Saved snippet does not exist.');
    return snippet;
  }
}

function ownerOf(caller: ChatCaller): SnippetOwner {
  return { realmId: caller.realm.id, userId: caller.user.id };
}
