import type { ReactNode } from 'react';
import { ApiError } from '../api/console-api.js';
import type { Load } from './use-load.js';

// What a page shows while its data loads or when loading failed; `children` renders the data.
// A failed read keeps what was loaded before under a banner that says so, with Retry and the
// request id support can look up.
export function LoadState<T>({ load, children }: { load: Load<T>; children: (data: T) => ReactNode }) {
  switch (load.state) {
    case 'loading':
      return <p aria-live="polite">Loading…</p>;
    case 'failed':
      return (
        <>
          <FailureBanner error={load.error} stale={load.last !== undefined} onRetry={load.retry} />
          {load.last !== undefined && children(load.last)}
        </>
      );
    case 'loaded':
      return <>{children(load.data)}</>;
  }
}

function FailureBanner(props: { error: unknown; stale: boolean; onRetry: () => void }) {
  const { error, stale, onRetry } = props;
  const reason = error instanceof ApiError ? error.reason : 'The request failed.';
  const requestId = error instanceof ApiError ? error.requestId : null;
  return (
    <div role="alert" className="banner">
      <p>
        {stale
          ? `Could not refresh (${reason.replace(/\.$/, '')}). What is shown below was read earlier.`
          : reason}
        {requestId && (
          <>
            {' '}
            Request id <span className="mono">{requestId}</span>.
          </>
        )}
      </p>
      <button type="button" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}
