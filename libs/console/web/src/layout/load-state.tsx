import type { ReactNode } from 'react';
import { ApiError } from '../api/console-api.js';
import type { Load } from './use-load.js';

// What a page shows while its data loads or when loading failed; `children` renders the data.
export function LoadState<T>({ load, children }: { load: Load<T>; children: (data: T) => ReactNode }) {
  switch (load.state) {
    case 'loading':
      return <p aria-live="polite">Loading…</p>;
    case 'failed':
      return (
        <p role="alert" className="error">
          {load.error instanceof ApiError ? load.error.reason : 'The request failed.'}
        </p>
      );
    case 'loaded':
      return <>{children(load.data)}</>;
  }
}
