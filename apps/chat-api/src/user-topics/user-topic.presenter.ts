import { unixSeconds } from '../core/http/python-isoformat.js';
import { VisibilityPolicy } from './user-topic.entity.js';
import type { UserTopicRow } from './user-topics.repository.js';

// register's user_topics and the user_topic event's fields, in Zulip's order.
export function userTopicRow(row: UserTopicRow) {
  return {
    stream_id: row.streamId,
    topic_name: row.topicName,
    visibility_policy: row.visibilityPolicy,
    last_updated: unixSeconds(row.lastUpdated),
  };
}

// The legacy muted_topics list: [channel name, topic, when muted] for muted topics only.
export function mutedTopics(rows: readonly UserTopicRow[]) {
  return rows
    .filter((row) => row.visibilityPolicy === VisibilityPolicy.MUTED)
    .map((row) => [row.streamName, row.topicName, unixSeconds(row.lastUpdated)]);
}
