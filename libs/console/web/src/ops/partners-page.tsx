import { useState, type FormEvent } from 'react';
import type { ConsoleApi } from '../api/console-api.js';
import type { CreatedPartner, PartnerKyb, PartnerList } from '../api/ops-partners.js';
import { Link } from '../layout/link.js';
import { ScrollTable } from '../layout/scroll-table.js';
import { ShownOnce } from '../layout/shown-once.js';
import { Time } from '../format/time-view.js';
import { useLoad } from '../layout/use-load.js';
import { changeFailure, confirmChange } from './confirm-change.js';
import { kybSummary } from './kyb-panel.js';
import { PagedList } from './paged-list.js';
import { formatCount } from '../format/money.js';

const PAGE_SIZE = 50;
const APPROVED = { status: 'approved', pendingLimit: '' } as const;

// Every partner, newest first, with its KYB status, and a new one created with its first key
// (shown once), approved unless created as pending.
export function PartnersPage({ api }: { api: ConsoleApi }) {
  const [pageNumber, setPageNumber] = useState(1);
  const { result, reload } = useLoad(
    () => api.get<PartnerList>('/ops/partners', { page: pageNumber, pageSize: PAGE_SIZE }),
    [api, pageNumber],
  );
  // Only the partners whose KYB was set are listed: every other one is approved.
  const kyb = useLoad(() => api.get<{ partners: readonly PartnerKyb[] }>('/ops/partner-kyb'), [api]);
  const kybOf = (partnerId: string) =>
    kyb.result.state === 'loaded'
      ? kybSummary(kyb.result.data.partners.find((entry) => entry.partnerId === partnerId) ?? APPROVED)
      : '…';
  const [name, setName] = useState('');
  const [pending, setPending] = useState(false);
  const [created, setCreated] = useState<CreatedPartner | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function create(event: FormEvent) {
    event.preventDefault();
    const kybNote = pending ? ', its KYB pending' : '';
    if (!confirmChange(`Create the partner ${name.trim()} with a first API key${kybNote}?`)) return;
    setError(null);
    try {
      const partner = await api.send<CreatedPartner>('POST', '/ops/partners', { name: name.trim() });
      // The key is shown once: shown whatever comes of the KYB step.
      setCreated(partner);
      setName('');
      if (pending) await setPendingKyb(partner.partnerId);
    } catch (failure) {
      setError(changeFailure(failure));
    }
    reload();
    kyb.reload();
  }

  async function setPendingKyb(partnerId: string) {
    try {
      await api.send('PUT', `/ops/partner-kyb/${partnerId}`, { status: 'pending', pendingLimit: null });
    } catch (failure) {
      setError(`The partner was created, but its KYB is still approved: ${changeFailure(failure)}`);
    }
  }

  return (
    <section aria-labelledby="partners-title">
      <h1 id="partners-title">Partners</h1>
      <form className="row panel" onSubmit={create} aria-label="Create a partner">
        <div className="field wide">
          <label htmlFor="partner-name">New partner's name</label>
          <input
            id="partner-name"
            required
            maxLength={200}
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        </div>
        <label className="check">
          <input type="checkbox" checked={pending} onChange={(event) => setPending(event.target.checked)} />
          Create as pending (KYB)
        </label>
        <button type="submit">Create partner</button>
      </form>
      {created && (
        <ShownOnce
          label={`First API key of ${created.name} (${created.displayPrefix}…)`}
          value={created.apiKey}
          onDismiss={() => setCreated(null)}
        />
      )}
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      <PagedList load={result} empty="No partner yet." onPage={setPageNumber}>
        {(list) => (
          <ScrollTable
            label="Partners table"
            caption={
              <>{list.total === 1 ? '1 partner' : `${formatCount(list.total)} partners`}, newest first</>
            }
            columns={['Partner', 'Id', 'Created', 'Active keys', 'KYB']}
          >
            {list.partners.map((partner) => (
              <tr key={partner.id}>
                <th scope="row">
                  <Link to={`/partners/${partner.id}`}>{partner.name}</Link>
                </th>
                <td className="mono">{partner.id}</td>
                <td>
                  <Time at={partner.createdAt} />
                </td>
                <td>{partner.activeKeys}</td>
                <td>{kybOf(partner.id)}</td>
              </tr>
            ))}
          </ScrollTable>
        )}
      </PagedList>
    </section>
  );
}
