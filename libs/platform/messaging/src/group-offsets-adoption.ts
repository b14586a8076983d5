import type { Admin } from 'kafkajs';
import type { Logger } from '@platform/logging';

export interface GroupRename {
  // The name the group had on the broker before it carried the deployment's identity.
  readonly from: string;
  readonly to: string;
  readonly topics: readonly string[];
}

// Consumer groups once carried their bare names on the broker. A deployment that upgrades starts
// its renamed groups where the bare ones had committed, instead of at the oldest retained event:
// the inbox would absorb the replay, but a replay of days of events takes its time and repeats
// side effects that keep no inbox (push removals). Done only while the renamed group has
// committed nothing: afterwards it stands on its own. A replica that finds the group already
// joined by another (the broker then refuses new offsets) leaves the offsets to that one.
export async function adoptRenamedGroupOffsets(
  admin: Admin,
  rename: GroupRename,
  logger: Logger,
): Promise<void> {
  const topics = [...rename.topics];
  const own = await admin.fetchOffsets({ groupId: rename.to, topics });
  if (own.some(({ partitions }) => partitions.some(isCommitted))) return;
  const earlier = (await admin.fetchOffsets({ groupId: rename.from, topics }))
    .map(({ topic, partitions }) => ({ topic, partitions: partitions.filter(isCommitted) }))
    .filter(({ partitions }) => partitions.length > 0);
  if (earlier.length === 0) return;
  try {
    for (const { topic, partitions } of earlier) {
      await admin.setOffsets({
        groupId: rename.to,
        topic,
        partitions: partitions.map(({ partition, offset }) => ({ partition, offset })),
      });
    }
    logger.info(
      { group: rename.to, from: rename.from, topics },
      'consumer group took over its earlier offsets',
    );
  } catch (error) {
    logger.warn(
      { err: error, group: rename.to, from: rename.from },
      'consumer group could not take over its earlier offsets; it reads from its own committed ones',
    );
  }
}

const isCommitted = ({ offset }: { offset: string }) => Number(offset) >= 0;
