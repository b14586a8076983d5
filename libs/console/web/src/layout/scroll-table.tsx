import { useLayoutEffect, useRef, type ReactNode } from 'react';

interface ScrollTableProps {
  // Names the scrollable region for screen readers.
  readonly label: string;
  readonly caption: ReactNode;
  readonly columns: readonly string[];
  // A last column of buttons, whose header only screen readers read; it stays in view while
  // the rest of the table scrolls.
  readonly actions?: boolean;
  // Under 640 px each row becomes a card of labelled lines, these columns first (say status and
  // amount: what a person scans for), in this order. Without it the table scrolls inside its
  // region.
  readonly cardsLeadWith?: readonly string[];
  // The body's rows.
  readonly children: ReactNode;
}

// A table in a region of its own that scrolls sideways when the table is wider than the page,
// and can be focused so a keyboard can scroll it too.
export function ScrollTable(props: ScrollTableProps) {
  const { label, caption, columns, actions = false, cardsLeadWith, children } = props;
  const body = useRef<HTMLTableSectionElement>(null);
  // A card's lines are labelled by CSS from data-label; set here from the header, once for every
  // table, rather than repeated in each page's cells.
  useLayoutEffect(() => {
    if (!cardsLeadWith || !body.current) return;
    for (const row of Array.from(body.current.rows)) {
      Array.from(row.cells).forEach((cell, index) => {
        const column = columns[index];
        if (column === undefined) return;
        cell.dataset['label'] = column;
        const lead = cardsLeadWith.indexOf(column);
        if (lead >= 0) cell.dataset['lead'] = String(lead + 1);
      });
    }
  });
  const classes = [cardsLeadWith && 'cards', actions && 'with-actions'].filter(Boolean).join(' ');
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label={label}>
      <table className={classes || undefined}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th scope="col" key={column}>
                {column}
              </th>
            ))}
            {actions && (
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody ref={body}>{children}</tbody>
      </table>
    </div>
  );
}
