import type { ConsoleApi } from '../api/console-api.js';
import { loadOperatorChanges } from '../api/operator-audit.js';
import { LoadState } from '../layout/load-state.js';
import { ScrollTable } from '../layout/scroll-table.js';
import { Time } from '../format/time-view.js';
import { useLoad } from '../layout/use-load.js';

// Who changed what and when, across every service that records operator changes.
export function AuditLogPage({ api }: { api: ConsoleApi }) {
  const { result } = useLoad(() => loadOperatorChanges(api), [api]);
  return (
    <section aria-labelledby="audit-title">
      <h1 id="audit-title">Audit log</h1>
      <p className="note">
        Corridors, partners, keys and disabled users, KYC policies, KYB, rate limits, reconcile calls and held
        transfers; the newest hundred of each.
      </p>
      <LoadState load={result}>
        {(changes) =>
          changes.length === 0 ? (
            <p>No change yet.</p>
          ) : (
            <ScrollTable
              label="Audit log table"
              caption="Operator changes, newest first"
              columns={['When', 'Source', 'Who', 'Action', 'Subject', 'Details']}
            >
              {changes.map((change) => (
                <tr key={change.key}>
                  <td>
                    <Time at={change.occurredAt} />
                  </td>
                  <td>{change.source}</td>
                  <td>{change.actor}</td>
                  <td>{change.action}</td>
                  <td className="mono">{change.subject}</td>
                  <td>{change.detail}</td>
                </tr>
              ))}
            </ScrollTable>
          )
        }
      </LoadState>
    </section>
  );
}
