import { useState, type FormEvent } from 'react';
import { Blockchain, PaymentMethod, TransactionStatus } from '@shared/contracts';
import type { TransactionFilters } from '../api/transactions.js';
import { reversedRangeRefusal } from '../format/day-range.js';
import { ChoiceField } from '../layout/choice-field.js';

// Edits a copy of the filters; they apply on submit, so typing does not search letter by letter.
// A range that ends before it starts is refused here, in words, rather than finding nothing.
export function TransactionFiltersForm(props: {
  initial: TransactionFilters;
  onApply: (filters: TransactionFilters) => void;
}) {
  const { initial, onApply } = props;
  const [draft, setDraft] = useState<TransactionFilters>(initial);
  const [refusal, setRefusal] = useState<string | null>(null);
  const set =
    <K extends keyof TransactionFilters>(name: K) =>
    (value: TransactionFilters[K]) =>
      setDraft((current) => ({ ...current, [name]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const reversed = reversedRangeRefusal(draft.from, draft.to);
    setRefusal(reversed);
    if (!reversed) onApply(draft);
  }

  return (
    <form className="filters" role="search" onSubmit={submit}>
      <div className="field wide">
        <label htmlFor="search-q">Id, reference, on-chain hash or user</label>
        <input
          id="search-q"
          type="search"
          aria-describedby="search-q-hint"
          value={draft.q}
          onChange={(event) => set('q')(event.target.value)}
        />
        <span id="search-q-hint" className="note">
          An id&apos;s first 8 characters find it too.
        </span>
      </div>
      <ChoiceField
        id="search-status"
        label="Status"
        value={draft.status}
        options={Object.values(TransactionStatus)}
        onChange={set('status')}
      />
      <ChoiceField
        id="search-chain"
        label="Chain"
        value={draft.blockchain}
        options={Object.values(Blockchain)}
        onChange={set('blockchain')}
      />
      <ChoiceField
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
      {refusal && (
        <p role="alert" className="error wide">
          {refusal}
        </p>
      )}
    </form>
  );
}
