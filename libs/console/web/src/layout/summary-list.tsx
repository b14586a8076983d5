import type { ReactNode } from 'react';

// A term and what it is; `mono` for identifiers and figures read character by character.
export interface SummaryRow {
  readonly term: string;
  readonly value: ReactNode;
  readonly mono?: boolean;
}

// The facts at the top of a detail page, two columns where there is room.
export function SummaryList({ rows, label }: { rows: readonly SummaryRow[]; label?: string }) {
  return (
    <dl className="summary" aria-label={label}>
      {rows.map(({ term, value, mono }) => (
        <div key={term} className="pair">
          <dt>{term}</dt>
          <dd className={mono ? 'mono' : undefined}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
