import { useState, type FormEvent } from 'react';
import type { ConsoleApi } from '../api/console-api.js';
import { ROUTE_CLASSES, type PartnerRateLimits, type RouteClass } from '../api/rate-limits.js';
import { LoadState } from '../layout/load-state.js';
import { ScrollTable } from '../layout/scroll-table.js';
import { useLoad } from '../layout/use-load.js';
import { changeFailure, confirmChange } from './confirm-change.js';

// A partner's rate limits by route class (over one, its requests answer 429 rate_limited): set
// one class's limit, or put every class back to its default, each after confirmation.
export function RateLimitsPanel({ api, partnerId }: { api: ConsoleApi; partnerId: string }) {
  const path = `/ops/partners/${partnerId}/rate-limits`;
  const { result, reload } = useLoad(() => api.get<PartnerRateLimits>(path), [api, path]);
  const [routeClass, setRouteClass] = useState<RouteClass>('quotes');
  const [limit, setLimit] = useState('');
  const [windowSeconds, setWindowSeconds] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function change(description: string, send: () => Promise<unknown>) {
    if (!confirmChange(description)) return false;
    setError(null);
    try {
      await send();
      reload();
      return true;
    } catch (failure) {
      setError(changeFailure(failure));
      return false;
    }
  }

  async function set(event: FormEvent) {
    event.preventDefault();
    const seconds = windowSeconds.trim();
    const body = {
      class: routeClass,
      limit: Number(limit),
      ...(seconds ? { windowSeconds: Number(seconds) } : {}),
    };
    const per = seconds ? `${seconds} s` : 'its default window';
    if (
      await change(`Limit this partner's ${routeClass} to ${limit} per ${per}?`, () =>
        api.send('PUT', path, body),
      )
    ) {
      setLimit('');
      setWindowSeconds('');
    }
  }

  return (
    <section aria-labelledby="rate-limits-title" className="panel">
      <h2 id="rate-limits-title">Rate limits</h2>
      <LoadState load={result}>
        {({ limits }) => (
          <>
            <ScrollTable
              label="Rate limits table"
              caption="Requests allowed per window, by route class"
              columns={['Class', 'Limit', 'Window', 'Source']}
            >
              {limits.map((entry) => (
                <tr key={entry.class}>
                  <td className="mono">{entry.class}</td>
                  <td>{entry.limit}</td>
                  <td>{entry.windowSeconds} s</td>
                  <td>{entry.source === 'override' ? 'set by operations' : 'default'}</td>
                </tr>
              ))}
            </ScrollTable>
            {limits.some((entry) => entry.source === 'override') && (
              <button
                type="button"
                onClick={() =>
                  void change("Put every one of this partner's rate limits back to its default?", () =>
                    api.send('DELETE', path),
                  )
                }
              >
                Back to the defaults
              </button>
            )}
          </>
        )}
      </LoadState>
      <form className="row" onSubmit={set} aria-label="Set a rate limit">
        <div className="field">
          <label htmlFor="rate-limit-class">Route class</label>
          <select
            id="rate-limit-class"
            value={routeClass}
            onChange={(event) => setRouteClass(event.target.value as RouteClass)}
          >
            {ROUTE_CLASSES.map((value) => (
              <option key={value}>{value}</option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="rate-limit-limit">Requests per window</label>
          <input
            id="rate-limit-limit"
            inputMode="numeric"
            required
            value={limit}
            onChange={(event) => setLimit(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="rate-limit-window">Window, seconds (blank: default)</label>
          <input
            id="rate-limit-window"
            inputMode="numeric"
            value={windowSeconds}
            onChange={(event) => setWindowSeconds(event.target.value)}
          />
        </div>
        <button type="submit">Set limit</button>
      </form>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
    </section>
  );
}
