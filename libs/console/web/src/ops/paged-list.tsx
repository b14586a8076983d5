import type { ReactNode } from 'react';
import { LoadState } from '../layout/load-state.js';
import { Pager } from '../layout/pager.js';
import type { Load } from '../layout/use-load.js';

interface Paged {
  readonly page: number;
  readonly pageSize: number;
  readonly total: number;
}

// One page of an ops list as the ops pages show it: a line saying there is nothing, or the
// page's table followed by its pager.
export function PagedList<P extends Paged>({
  load,
  empty,
  onPage,
  children,
}: {
  load: Load<P>;
  empty: ReactNode;
  onPage: (page: number) => void;
  children: (page: P) => ReactNode;
}) {
  return (
    <LoadState load={load}>
      {(page) =>
        page.total === 0 ? (
          <p>{empty}</p>
        ) : (
          <>
            {children(page)}
            <Pager page={page.page} pageSize={page.pageSize} total={page.total} onPage={onPage} />
          </>
        )
      }
    </LoadState>
  );
}
