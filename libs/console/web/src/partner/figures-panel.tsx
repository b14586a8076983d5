import { useState, type FormEvent } from 'react';
import type { ConsoleApi } from '../api/console-api.js';
import type { TransactionFigures } from '../api/stats.js';
import { apiFilterOf, filtersOf } from '../api/transactions.js';
import { reversedRangeRefusal } from '../format/day-range.js';
import { formatCount, formatMoney } from '../format/money.js';
import { useTimeZoneChoice } from '../format/time-zone-choice.js';
import { LoadState } from '../layout/load-state.js';
import { setQuery, useQuery } from '../layout/router.js';
import { useLoad } from '../layout/use-load.js';

// The figures a finance team asks first, over days a person picks (kept in the URL, read in the
// zone they read times in): volume per currency, how many completed, failed or were refunded,
// and the success rate. They are the transactions list's figures for the same days, so its CSV
// adds up to them.
export function FiguresPanel({ api }: { api: ConsoleApi }) {
  const query = useQuery();
  const zone = useTimeZoneChoice();
  const filters = filtersOf(query);
  const { result } = useLoad(
    () => api.get<TransactionFigures>('/transactions/figures', apiFilterOf(filters, zone)),
    [api, filters.from, filters.to, zone],
  );
  return (
    <section aria-labelledby="figures-title">
      <h2 id="figures-title">Figures {rangeText(filters.from, filters.to)}</h2>
      <RangeForm key={query.toString()} from={filters.from} to={filters.to} />
      <LoadState load={result}>{(figures) => <Tiles figures={figures} />}</LoadState>
    </section>
  );
}

function rangeText(from: string, to: string): string {
  if (from && to) return `from ${from} to ${to}`;
  if (from) return `since ${from}`;
  return to ? `until ${to}` : 'of all time';
}

function RangeForm(props: { from: string; to: string }) {
  const [from, setFrom] = useState(props.from);
  const [to, setTo] = useState(props.to);
  const [refusal, setRefusal] = useState<string | null>(null);
  function submit(event: FormEvent) {
    event.preventDefault();
    const reversed = reversedRangeRefusal(from, to);
    setRefusal(reversed);
    if (!reversed) setQuery({ from, to });
  }
  return (
    <form className="filters" onSubmit={submit} aria-label="Figures' days">
      <div className="field">
        <label htmlFor="figures-from">From</label>
        <input id="figures-from" type="date" value={from} onChange={(event) => setFrom(event.target.value)} />
      </div>
      <div className="field">
        <label htmlFor="figures-to">To</label>
        <input id="figures-to" type="date" value={to} onChange={(event) => setTo(event.target.value)} />
      </div>
      <button type="submit">Show</button>
      {refusal && (
        <p role="alert" className="error wide">
          {refusal}
        </p>
      )}
    </form>
  );
}

function Tiles({ figures }: { figures: TransactionFigures }) {
  const rate = figures.successRate === null ? '—' : `${(figures.successRate * 100).toFixed(1)} %`;
  return (
    <ul className="tiles">
      {figures.volume.length === 0 ? (
        <Tile label="Volume" value="none" />
      ) : (
        figures.volume.map((volume) => (
          <Tile
            key={volume.currency}
            label={`Volume in ${volume.currency} (${formatCount(volume.count)} transactions)`}
            value={formatMoney(volume.amount, volume.currency)}
          />
        ))
      )}
      <Tile label="Transactions" value={formatCount(figures.count)} />
      <Tile label="Success rate (completed of completed and failed)" value={rate} />
      <Tile label="Completed" value={formatCount(figures.completed)} />
      <Tile label="Failed" value={formatCount(figures.failed)} />
      <Tile label="Refunded" value={formatCount(figures.refunded)} />
    </ul>
  );
}

function Tile({ label, value }: { label: string; value: string }) {
  return (
    <li className="tile">
      <span className="tile-label">{label}</span>
      <strong className="tile-value">{value}</strong>
    </li>
  );
}
