import { useState, type FormEvent } from 'react';
import { Blockchain, PaymentMethod, TransactionStatus } from '@shared/contracts';
import { NO_FILTERS, type TransactionFilters } from '../api/transactions.js';

function Choice<T extends string>(props: {
  id: string;
  label: string;
  value: T | '';
  options: readonly T[];
  onChange: (value: T | '') => void;
}) {
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      <select id={props.id} value={props.value} onChange={(event) => props.onChange(event.target.value as T)}>
        <option value="">Any</option>
        {props.options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </div>
  );
}

// Edits a copy of the filters; they apply on submit, so typing does not search letter by letter.
export function TransactionFiltersForm({ onApply }: { onApply: (filters: TransactionFilters) => void }) {
  const [draft, setDraft] = useState<TransactionFilters>(NO_FILTERS);
  const set =
    <K extends keyof TransactionFilters>(name: K) =>
    (value: TransactionFilters[K]) =>
      setDraft((current) => ({ ...current, [name]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    onApply(draft);
  }

  return (
    <form className="filters" role="search" onSubmit={submit}>
      <div className="field wide">
        <label htmlFor="search-q">Id, reference, on-chain hash or user</label>
        <input
          id="search-q"
          type="search"
          value={draft.q}
          onChange={(event) => set('q')(event.target.value)}
        />
      </div>
      <Choice
        id="search-status"
        label="Status"
        value={draft.status}
        options={Object.values(TransactionStatus)}
        onChange={set('status')}
      />
      <Choice
        id="search-chain"
        label="Chain"
        value={draft.blockchain}
        options={Object.values(Blockchain)}
        onChange={set('blockchain')}
      />
      <Choice
        id="search-rail"
        label="Rail"
        value={draft.paymentMethod}
        options={Object.values(PaymentMethod)}
        onChange={set('paymentMethod')}
      />
      <div className="field">
        <label htmlFor="search-from">From</label>
        <input
          id="search-from"
          type="date"
          value={draft.from}
          onChange={(event) => set('from')(event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor="search-to">To</label>
        <input
          id="search-to"
          type="date"
          value={draft.to}
          onChange={(event) => set('to')(event.target.value)}
        />
      </div>
      <button type="submit">Search</button>
    </form>
  );
}
