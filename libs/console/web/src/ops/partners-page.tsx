import { useState, type FormEvent } from 'react';
import type { ConsoleApi } from '../api/console-api.js';
import type { CreatedPartner, PartnerList } from '../api/ops-partners.js';
import { Link } from '../layout/link.js';
import { ScrollTable } from '../layout/scroll-table.js';
import { ShownOnce } from '../layout/shown-once.js';
import { formatTime } from '../layout/time.js';
import { useLoad } from '../layout/use-load.js';
import { changeFailure, confirmChange } from './confirm-change.js';
import { PagedList } from './paged-list.js';

const PAGE_SIZE = 50;

// Every partner, newest first, and a new one created with its first key (shown once).
export function PartnersPage({ api }: { api: ConsoleApi }) {
  const [pageNumber, setPageNumber] = useState(1);
  const { result, reload } = useLoad(
    () => api.get<PartnerList>('/ops/partners', { page: pageNumber, pageSize: PAGE_SIZE }),
    [api, pageNumber],
  );
  const [name, setName] = useState('');
  const [created, setCreated] = useState<CreatedPartner | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function create(event: FormEvent) {
    event.preventDefault();
    if (!confirmChange(`Create the partner ${name.trim()} with a first API key?`)) return;
    setError(null);
    try {
      setCreated(await api.send<CreatedPartner>('POST', '/ops/partners', { name: name.trim() }));
      setName('');
      reload();
    } catch (failure) {
      setError(changeFailure(failure));
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
            caption={<>{list.total === 1 ? '1 partner' : `${list.total} partners`}, newest first</>}
            columns={['Partner', 'Id', 'Created', 'Active keys']}
          >
            {list.partners.map((partner) => (
              <tr key={partner.id}>
                <th scope="row">
                  <Link to={`/partners/${partner.id}`}>{partner.name}</Link>
                </th>
                <td className="mono">{partner.id}</td>
                <td>{formatTime(partner.createdAt)}</td>
                <td>{partner.activeKeys}</td>
              </tr>
            ))}
          </ScrollTable>
        )}
      </PagedList>
    </section>
  );
}
