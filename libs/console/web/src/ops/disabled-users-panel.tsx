import { useState, type FormEvent } from 'react';
import type { ConsoleApi } from '../api/console-api.js';
import type { DisabledUserPage } from '../api/ops-partners.js';
import { ScrollTable } from '../layout/scroll-table.js';
import { Time } from '../format/time-view.js';
import { useLoad } from '../layout/use-load.js';
import { changeFailure, confirmChange } from './confirm-change.js';
import { PagedList } from './paged-list.js';

const PAGE_SIZE = 20;

// A partner's end users operations disabled (their quotes, accepts and KYC answer 403
// user_disabled), a page at a time: disable one by its id, or enable one listed, each after
// confirmation.
export function DisabledUsersPanel({ api, partnerId }: { api: ConsoleApi; partnerId: string }) {
  const usersPath = `/ops/partners/${partnerId}/users`;
  const [pageNumber, setPageNumber] = useState(1);
  const { result, reload } = useLoad(
    () => api.get<DisabledUserPage>(`${usersPath}/disabled`, { page: pageNumber, pageSize: PAGE_SIZE }),
    [api, usersPath, pageNumber],
  );
  const [userId, setUserId] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function change(user: string, action: 'disable' | 'enable', description: string) {
    if (!confirmChange(description)) return false;
    setError(null);
    try {
      await api.send('POST', `${usersPath}/${encodeURIComponent(user)}/${action}`);
      reload();
      return true;
    } catch (failure) {
      setError(changeFailure(failure));
      return false;
    }
  }

  async function disable(event: FormEvent) {
    event.preventDefault();
    const user = userId.trim();
    const description = `Disable the user ${user}? Its quotes, transactions and KYC are refused.`;
    if (await change(user, 'disable', description)) {
      setUserId('');
      setPageNumber(1);
    }
  }

  return (
    <section aria-labelledby="disabled-users-title" className="panel">
      <h2 id="disabled-users-title">Disabled users</h2>
      <form className="row" onSubmit={disable} aria-label="Disable a user">
        <div className="field wide">
          <label htmlFor="disable-user-id">User id (the partner's user_id)</label>
          <input
            id="disable-user-id"
            required
            maxLength={100}
            value={userId}
            onChange={(event) => setUserId(event.target.value)}
          />
        </div>
        <button type="submit">Disable user</button>
      </form>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      <PagedList load={result} empty="No disabled user." onPage={setPageNumber}>
        {({ users }) => (
          <ScrollTable
            label="Disabled users table"
            caption="Disabled users, newest first"
            columns={['User', 'Disabled']}
            actions
          >
            {users.map((user) => (
              <tr key={user.userId}>
                <th scope="row" className="mono">
                  {user.userId}
                </th>
                <td>
                  <Time at={user.disabledAt} />
                </td>
                <td>
                  <button
                    type="button"
                    onClick={() =>
                      void change(user.userId, 'enable', `Enable the user ${user.userId} again?`)
                    }
                  >
                    Enable {user.userId}
                  </button>
                </td>
              </tr>
            ))}
          </ScrollTable>
        )}
      </PagedList>
    </section>
  );
}
