import { useCallback, useEffect, useState } from 'react';

export type Load<T> =
  | { readonly state: 'loading' }
  // `last`: what the previous read answered, still shown under the failure; `retry` reads again.
  | { readonly state: 'failed'; readonly error: unknown; readonly last?: T; readonly retry: () => void }
  | { readonly state: 'loaded'; readonly data: T };

// Runs `load` when one of `dependencies` changes (and on reload()); an answer that arrives after
// a newer request started is dropped, so a slow search never overwrites a later one. What was
// loaded stays shown until the next answer replaces it (no flicker on a refresh), and stays
// shown when the next read fails: a person keeps the figures they were reading.
export function useLoad<T>(load: () => Promise<T>, dependencies: readonly unknown[]) {
  const [result, setResult] = useState<Load<T>>({ state: 'loading' });
  const [generation, setGeneration] = useState(0);
  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  useEffect(() => {
    let current = true;
    setResult((shown) => (lastData(shown) === undefined ? { state: 'loading' } : shown));
    load().then(
      (data) => current && setResult({ state: 'loaded', data }),
      (error: unknown) =>
        current && setResult((shown) => ({ state: 'failed', error, last: lastData(shown), retry: reload })),
    );
    return () => {
      current = false;
    };
    // `load` is a new closure on every render; what it reads is in `dependencies`.
  }, [...dependencies, generation]);
  return { result, reload };
}

function lastData<T>(load: Load<T>): T | undefined {
  if (load.state === 'loaded') return load.data;
  return load.state === 'failed' ? load.last : undefined;
}
