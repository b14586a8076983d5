// Zulip's RESOLVED_TOPIC_PREFIX (zerver/lib/topic.py): a channel topic starting with it is
// resolved. Editing, narrows and the realm import all read it, so it lives below them.
export const RESOLVED_TOPIC_PREFIX = '✔ ';

export function isResolvedTopic(topic: string): boolean {
  return topic.startsWith(RESOLVED_TOPIC_PREFIX);
}
