import type { ReactNode } from 'react';

// A term and what it is; `mono` for identifiers and figures read character by character.
export interface SummaryRow {
  readonly term: string;
  readonly value: ReactNode;
  readonly mono?: boolean;
  // Read out when it changes (a status the page refreshes).
  readonly live?: boolean;
}

// The facts at the top of a detail page, two columns where there is room.
export function SummaryList({ rows, label }: { rows: readonly SummaryRow[]; label?: string }) {
  return (
    <dl className="summary" aria-label={label}>
      {rows.map(({ term, value, mono, live }) => (
        <div key={term} className="pair">
          <dt>{term}</dt>
          <dd className={mono ? 'mono' : undefined} aria-live={live ? 'polite' : undefined}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
