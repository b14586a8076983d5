import { isResolvedTopic } from '../../core/messages/resolved-topic.js';

type EditHistoryEntry = Readonly<Record<string, unknown>>;

// When a message was last moved, in UNIX seconds, read from its edit history as Zulip does
// (messages have no move time of their own there): its latest entry that changed the channel,
// or the topic other than by resolving or unresolving it. Null if it never moved.
export function lastMovedSeconds(history: readonly EditHistoryEntry[] | null): number | null {
  let latest: number | null = null;
  for (const entry of history ?? []) {
    const moved =
      entry['prev_stream'] != null ||
      (entry['prev_topic'] != null && !resolveToggled(String(entry['prev_topic']), String(entry['topic'])));
    if (moved) latest = Math.max(latest ?? 0, Number(entry['timestamp']));
  }
  return latest;
}

// Zulip's topic_resolve_toggled: one topic is the other with the resolved prefix (unresolving
// strips every leading ✔ and space).
function resolveToggled(before: string, after: string): boolean {
  const bare = (topic: string) => topic.replace(/^[✔ ]+/u, '');
  return isResolvedTopic(before) !== isResolvedTopic(after) && bare(before) === bare(after);
}
