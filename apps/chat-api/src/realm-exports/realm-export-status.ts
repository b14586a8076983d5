import { RealmExportStatus } from './realm-export.entity.js';

// The moves an export makes, as data: requested → started → succeeded or failed; a succeeded
// export can be deleted. A started export taken back after a worker died stays started.
const TRANSITIONS: Readonly<Record<RealmExportStatus, readonly RealmExportStatus[]>> = {
  [RealmExportStatus.REQUESTED]: [RealmExportStatus.STARTED, RealmExportStatus.FAILED],
  [RealmExportStatus.STARTED]: [
    RealmExportStatus.STARTED,
    RealmExportStatus.SUCCEEDED,
    RealmExportStatus.FAILED,
  ],
  [RealmExportStatus.SUCCEEDED]: [RealmExportStatus.DELETED],
  [RealmExportStatus.FAILED]: [],
  [RealmExportStatus.DELETED]: [],
};

export function canMove(from: RealmExportStatus, to: RealmExportStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

// The statuses a move to `to` starts from, for the guarded UPDATE that makes it.
export function movesInto(to: RealmExportStatus): RealmExportStatus[] {
  return (Object.keys(TRANSITIONS).map(Number) as RealmExportStatus[]).filter((from) => canMove(from, to));
}

// Metric label of each status.
export const STATUS_NAMES: Readonly<Record<RealmExportStatus, string>> = {
  [RealmExportStatus.REQUESTED]: 'requested',
  [RealmExportStatus.STARTED]: 'started',
  [RealmExportStatus.SUCCEEDED]: 'succeeded',
  [RealmExportStatus.FAILED]: 'failed',
  [RealmExportStatus.DELETED]: 'deleted',
};
