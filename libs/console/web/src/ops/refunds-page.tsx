import { useState } from 'react';
import type { ConsoleApi } from '../api/console-api.js';
import type { AttentionStatus, RefundPage } from '../api/refunds.js';
import { ScrollTable } from '../layout/scroll-table.js';
import { Time } from '../format/time-view.js';
import { useLoad } from '../layout/use-load.js';
import { PagedList } from './paged-list.js';
import { formatMoney } from '../format/money.js';
import { formatCount } from '../format/money.js';

const CHOICES: ReadonlyArray<readonly [AttentionStatus, string]> = [
  ['FAILED', 'Failed: chain-watchers gave up'],
  ['REQUESTED', 'Waiting for an outcome'],
];

const PAGE_SIZE = 50;

// Refunds needing attention: those that failed, and those still waiting, newest first.
export function RefundsPage({ api }: { api: ConsoleApi }) {
  const [status, setStatus] = useState<AttentionStatus>('FAILED');
  const [pageNumber, setPageNumber] = useState(1);
  const { result } = useLoad(
    () => api.get<RefundPage>('/ops/refunds', { status, page: pageNumber, pageSize: PAGE_SIZE }),
    [api, status, pageNumber],
  );
  return (
    <section aria-labelledby="refunds-title">
      <h1 id="refunds-title">Refunds needing attention</h1>
      <div className="field">
        <label htmlFor="refund-status">Show</label>
        <select
          id="refund-status"
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as AttentionStatus);
            setPageNumber(1);
          }}
        >
          {CHOICES.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <PagedList
        load={result}
        empty={`No refund ${status === 'FAILED' ? 'failed' : 'is waiting'}.`}
        onPage={setPageNumber}
      >
        {(page) => (
          <ScrollTable
            label="Refunds table"
            caption={
              <>{page.total === 1 ? '1 refund' : `${formatCount(page.total)} refunds`}, newest first</>
            }
            columns={['Requested', 'Transaction', 'Amount', 'To', 'Why refunded', 'Failure']}
          >
            {page.refunds.map((refund) => (
              <tr key={refund.id}>
                <td>
                  <Time at={refund.requestedAt} />
                </td>
                <td className="mono">{refund.transactionId ?? 'none (held transfer)'}</td>
                <td className="amount">{formatMoney(refund.amount, refund.cryptoCurrency)}</td>
                <td className="mono">
                  {refund.blockchain} {refund.destination}
                </td>
                <td>{refund.reason.replaceAll('_', ' ').toLowerCase()}</td>
                <td>{refund.failureReason ?? '—'}</td>
              </tr>
            ))}
          </ScrollTable>
        )}
      </PagedList>
    </section>
  );
}
