import type { ReactNode } from 'react';

interface ScrollTableProps {
  // Names the scrollable region for screen readers.
  readonly label: string;
  readonly caption: ReactNode;
  readonly columns: readonly string[];
  // A last column of buttons, whose header only screen readers read.
  readonly actions?: boolean;
  // The body's rows.
  readonly children: ReactNode;
}

// A table in a region of its own that scrolls sideways when the table is wider than the page,
// and can be focused so a keyboard can scroll it too.
export function ScrollTable({ label, caption, columns, actions = false, children }: ScrollTableProps) {
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-label={label}>
      <table>
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
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
