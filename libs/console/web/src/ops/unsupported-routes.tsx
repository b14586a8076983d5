import { useState, type FormEvent } from 'react';
import { Blockchain, CryptoCurrency, PaymentMethod, TargetCurrency } from '@shared/contracts';
import type { ConsoleApi } from '../api/console-api.js';
import { routeName, type CorridorRoute, type UnsupportedRoute } from '../api/corridors.js';
import { changeFailure, confirmChange } from './confirm-change.js';

const FIRST_ROUTE: CorridorRoute = {
  cryptoCurrency: CryptoCurrency.USDC,
  blockchain: Blockchain.STELLAR,
  paymentMethod: PaymentMethod.BREB,
  targetCurrency: TargetCurrency.COP,
};

const CHOICES = [
  ['cryptoCurrency', 'Asset', Object.values(CryptoCurrency)],
  ['blockchain', 'Chain', Object.values(Blockchain)],
  ['paymentMethod', 'Rail', Object.values(PaymentMethod)],
  ['targetCurrency', 'Currency', Object.values(TargetCurrency)],
] as const;

// Routes taken out of service whatever their flow says: restore one, or take another out.
export function UnsupportedRoutes(props: {
  api: ConsoleApi;
  routes: readonly UnsupportedRoute[];
  onChange: () => void;
}) {
  const { api, routes, onChange } = props;
  const [route, setRoute] = useState<CorridorRoute>(FIRST_ROUTE);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function change(description: string, call: () => Promise<unknown>) {
    if (!confirmChange(description)) return;
    setError(null);
    try {
      await call();
      onChange();
    } catch (failure) {
      setError(changeFailure(failure));
    }
  }

  const markUnsupported = (event: FormEvent) => {
    event.preventDefault();
    void change(`Take ${routeName(route)} out of service?`, () =>
      api.send('POST', '/ops/corridors/unsupported', { ...route, reason: reason.trim() }),
    );
  };

  return (
    <section aria-labelledby="unsupported-title" className="panel">
      <h2 id="unsupported-title">Routes out of service</h2>
      {routes.length === 0 ? (
        <p>None.</p>
      ) : (
        <ul className="plain">
          {routes.map((unsupported) => (
            <li key={unsupported.id} className="row">
              <span>
                <strong>{routeName(unsupported.route)}</strong> — {unsupported.reason}
              </span>
              <button
                type="button"
                onClick={() =>
                  void change(`Put ${routeName(unsupported.route)} back in service?`, () =>
                    api.send('DELETE', `/ops/corridors/unsupported/${unsupported.id}`),
                  )
                }
                aria-label={`Restore ${routeName(unsupported.route)}`}
              >
                Restore
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className="row" onSubmit={markUnsupported} aria-label="Take a route out of service">
        {CHOICES.map(([name, label, options]) => (
          <div className="field" key={name}>
            <label htmlFor={`unsupported-${name}`}>{label}</label>
            <select
              id={`unsupported-${name}`}
              value={route[name]}
              onChange={(event) => setRoute((current) => ({ ...current, [name]: event.target.value }))}
            >
              {options.map((option) => (
                <option key={option}>{option}</option>
              ))}
            </select>
          </div>
        ))}
        <div className="field wide">
          <label htmlFor="unsupported-reason">Reason</label>
          <input
            id="unsupported-reason"
            required
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        </div>
        <button type="submit">Take out of service</button>
      </form>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
    </section>
  );
}
