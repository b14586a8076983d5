import { Fragment, useState, type FormEvent } from 'react';
import type { ConsoleApi } from '../api/console-api.js';
import { capText, railName, type Caps, type RailCaps } from '../api/rail-caps.js';
import { LoadState } from '../layout/load-state.js';
import { ScrollTable } from '../layout/scroll-table.js';
import { useLoad } from '../layout/use-load.js';
import { capProblem } from './change-checks.js';
import { changeFailure, confirmChange } from './confirm-change.js';

// Each rail's payout caps (README, "Payout limits"), and a rail's four caps edited together.
export function RailCapsPanel({ api }: { api: ConsoleApi }) {
  const { result, reload } = useLoad(() => api.get<{ caps: RailCaps[] }>('/ops/corridors/caps'), [api]);
  const [editing, setEditing] = useState<string | null>(null);
  return (
    <section aria-labelledby="rail-caps-title" className="panel">
      <h2 id="rail-caps-title">Payout caps per rail</h2>
      <LoadState load={result}>
        {({ caps }) => (
          <ScrollTable
            label="Payout caps table"
            caption="A day is the calendar day in the rail's time zone"
            columns={[
              'Rail',
              'Per transaction',
              'Per user per day',
              'Transactions per user per day',
              'Per rail per day',
              'Day in',
            ]}
            actions
          >
            {caps.map((rail) => {
              const name = railName(rail);
              return (
                <Fragment key={name}>
                  <tr>
                    <th scope="row">{name}</th>
                    <td className="amount">{capText(rail.perTransaction, rail.targetCurrency)}</td>
                    <td className="amount">{capText(rail.perUserDailyAmount, rail.targetCurrency)}</td>
                    <td className="amount">{capText(rail.perUserDailyCount)}</td>
                    <td className="amount">
                      {capText(rail.perPaymentMethodDailyAmount, rail.targetCurrency)}
                    </td>
                    <td>{rail.timeZone}</td>
                    <td className="actions">
                      <button
                        type="button"
                        className="secondary"
                        onClick={() => setEditing(name)}
                        aria-label={`Edit the caps of ${name}`}
                      >
                        Edit
                      </button>
                    </td>
                  </tr>
                  {editing === name && (
                    <tr>
                      <td colSpan={7}>
                        <RailCapsEditor
                          api={api}
                          rail={rail}
                          onDone={(changed) => {
                            setEditing(null);
                            if (changed) reload();
                          }}
                        />
                      </td>
                    </tr>
                  )}
                </Fragment>
              );
            })}
          </ScrollTable>
        )}
      </LoadState>
    </section>
  );
}

const blankToNull = (value: string) => (value.trim() === '' ? null : value.trim());
const shown = (cap: string | number | null) => (cap === null ? '' : String(cap));

// The four caps of one rail (blank: uncapped), saved after confirmation.
function RailCapsEditor(props: { api: ConsoleApi; rail: RailCaps; onDone: (changed: boolean) => void }) {
  const { api, rail, onDone } = props;
  const [perTransaction, setPerTransaction] = useState(shown(rail.perTransaction));
  const [perUserDailyAmount, setPerUserDailyAmount] = useState(shown(rail.perUserDailyAmount));
  const [perUserDailyCount, setPerUserDailyCount] = useState(shown(rail.perUserDailyCount));
  const [perPaymentMethodDailyAmount, setPerPaymentMethodDailyAmount] = useState(
    shown(rail.perPaymentMethodDailyAmount),
  );
  const [error, setError] = useState<string | null>(null);
  const name = railName(rail);
  const id = name.replace(' ', '-').toLowerCase();

  async function save(event: FormEvent) {
    event.preventDefault();
    const count = blankToNull(perUserDailyCount);
    const problem =
      capProblem('Per transaction', perTransaction) ??
      capProblem('Per user per day', perUserDailyAmount) ??
      capProblem('Per rail per day', perPaymentMethodDailyAmount) ??
      (count !== null && !/^\d+$/.test(count)
        ? 'Transactions per user per day must be a whole number, or blank for none.'
        : null);
    setError(problem);
    if (problem) return;
    const caps: Caps = {
      perTransaction: blankToNull(perTransaction),
      perUserDailyAmount: blankToNull(perUserDailyAmount),
      perUserDailyCount: count === null ? null : Number(count),
      perPaymentMethodDailyAmount: blankToNull(perPaymentMethodDailyAmount),
    };
    if (!confirmChange(`Change the payout caps of ${name}?`)) return;
    try {
      await api.send('PUT', `/ops/corridors/caps/${rail.paymentMethod}/${rail.targetCurrency}`, caps);
      onDone(true);
    } catch (failure) {
      setError(changeFailure(failure));
    }
  }

  const field = (
    key: string,
    label: string,
    value: string,
    set: (value: string) => void,
    mode: 'numeric' | 'decimal',
  ) => (
    <div className="field">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <input
        id={`${id}-${key}`}
        inputMode={mode}
        value={value}
        onChange={(event) => set(event.target.value)}
      />
    </div>
  );

  return (
    <form className="row panel" onSubmit={save} aria-label={`Edit the caps of ${name}`}>
      {field(
        'per-transaction',
        `Per transaction, ${rail.targetCurrency} (blank: none)`,
        perTransaction,
        setPerTransaction,
        'decimal',
      )}
      {field(
        'user-daily',
        `Per user per day, ${rail.targetCurrency} (blank: none)`,
        perUserDailyAmount,
        setPerUserDailyAmount,
        'decimal',
      )}
      {field(
        'user-daily-count',
        'Transactions per user per day (blank: none)',
        perUserDailyCount,
        setPerUserDailyCount,
        'numeric',
      )}
      {field(
        'method-daily',
        `Per rail per day, ${rail.targetCurrency} (blank: none)`,
        perPaymentMethodDailyAmount,
        setPerPaymentMethodDailyAmount,
        'decimal',
      )}
      <button type="submit">Save</button>
      <button type="button" className="secondary" onClick={() => onDone(false)}>
        Cancel
      </button>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
    </form>
  );
}
