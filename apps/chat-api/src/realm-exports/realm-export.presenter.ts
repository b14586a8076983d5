import { unixSeconds } from '../core/http/python-isoformat.js';
import { type RealmExportEntity, RealmExportStatus } from './realm-export.entity.js';

// Where an administrator downloads a finished export (served by RealmExportDownloadController).
export function exportUrl(realmUrl: string, exportId: number): string {
  return `${realmUrl}/api/v1/export/realm/${exportId}/download`;
}

// An export as GET /export/realm and `realm_export` events show it (Zulip's
// get_realm_exports_serialized).
export function realmExportRow(row: RealmExportEntity, realmUrl: string) {
  return {
    id: row.id,
    export_time: unixSeconds(row.dateRequested),
    acting_user_id: row.actingUserId,
    export_url: row.status === RealmExportStatus.SUCCEEDED ? exportUrl(realmUrl, row.id) : null,
    deleted_timestamp: row.dateDeleted ? unixSeconds(row.dateDeleted) : null,
    failed_timestamp: row.dateFailed ? unixSeconds(row.dateFailed) : null,
    pending: row.status === RealmExportStatus.REQUESTED || row.status === RealmExportStatus.STARTED,
    export_type: row.type,
  };
}
