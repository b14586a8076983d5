import type { EditHistoryEntry } from '../messages/message.entity.js';

// A message's current state and when and by whom it was sent.
export interface HistorySubject {
  readonly content: string;
  readonly renderedContent: string;
  readonly topic: string;
  readonly timestamp: number;
  readonly senderId: number;
  // Newest first, as stored.
  readonly editHistory: readonly EditHistoryEntry[];
}

export interface HistoryVersion {
  readonly content: string;
  readonly rendered_content: string;
  readonly timestamp: number;
  readonly topic: string;
  readonly user_id: number;
  readonly prev_content?: string;
  readonly prev_rendered_content?: string;
  readonly prev_topic?: string;
  readonly prev_stream?: number;
  readonly stream?: number;
}

// Zulip's fill_edit_history_entries, oldest first as GET /messages/{id}/history answers: each
// version carries the content and topic it left the message with, and what it changed; the
// first is the message as sent.
export function messageHistory(subject: HistorySubject): HistoryVersion[] {
  let content = subject.content;
  let renderedContent = subject.renderedContent;
  let topic = subject.topic;
  const versions: HistoryVersion[] = [];
  for (const entry of subject.editHistory) {
    const version: Record<string, unknown> = {
      content,
      rendered_content: renderedContent,
      timestamp: entry.timestamp,
      topic,
      user_id: entry.user_id,
    };
    if (entry.prev_topic !== undefined) {
      topic = entry.prev_topic;
      version['prev_topic'] = topic;
    }
    if (entry.prev_content !== undefined) {
      content = entry.prev_content;
      renderedContent = entry.prev_rendered_content ?? '';
      version['prev_content'] = content;
      version['prev_rendered_content'] = renderedContent;
    }
    if (entry.prev_stream !== undefined) {
      version['prev_stream'] = entry.prev_stream;
      version['stream'] = entry.stream;
    }
    versions.push(version as unknown as HistoryVersion);
  }
  versions.push({
    content,
    rendered_content: renderedContent,
    timestamp: subject.timestamp,
    topic,
    user_id: subject.senderId,
  });
  return versions.reverse();
}
