import { unixSeconds } from '../core/http/python-isoformat.js';
import type { SavedSnippetEntity } from './saved-snippet.entity.js';

// A snippet as GET /saved_snippets and the saved_snippets events show it.
export function savedSnippetRow(snippet: SavedSnippetEntity) {
  return {
    id: snippet.id,
    title: snippet.title,
    content: snippet.content,
    date_created: unixSeconds(snippet.dateCreated),
  };
}
