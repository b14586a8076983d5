import type { ConsoleApi } from '../api/console-api.js';
import type { AuditEntry } from '../api/corridors.js';
import { LoadState } from '../layout/load-state.js';
import { ScrollTable } from '../layout/scroll-table.js';
import { formatTime } from '../layout/time.js';
import { useLoad } from '../layout/use-load.js';

const describeChange = (change: AuditEntry['change']) =>
  Object.entries(change)
    .map(([field, value]) => `${field}: ${value ?? 'none'}`)
    .join(', ') || '—';

// Who changed the corridor catalogue, what and when (quote-service's corridor audit log).
export function AuditLogPage({ api }: { api: ConsoleApi }) {
  const { result } = useLoad(
    () => api.get<{ entries: readonly AuditEntry[] }>('/ops/corridors/audit', { limit: 200 }),
    [api],
  );
  return (
    <section aria-labelledby="audit-title">
      <h1 id="audit-title">Audit log</h1>
      <LoadState load={result}>
        {({ entries }) =>
          entries.length === 0 ? (
            <p>No change yet.</p>
          ) : (
            <ScrollTable
              label="Audit log table"
              caption="Corridor changes, newest first"
              columns={['When', 'Who', 'Action', 'Subject', 'Change']}
            >
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td>{formatTime(entry.occurredAt)}</td>
                  <td>{entry.actor}</td>
                  <td>{entry.action.replaceAll('_', ' ')}</td>
                  <td>{entry.subject}</td>
                  <td>{describeChange(entry.change)}</td>
                </tr>
              ))}
            </ScrollTable>
          )
        }
      </LoadState>
    </section>
  );
}
