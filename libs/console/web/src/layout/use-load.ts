import { useCallback, useEffect, useState } from 'react';

export type Load<T> =
  | { readonly state: 'loading' }
  | { readonly state: 'failed'; readonly error: unknown }
  | { readonly state: 'loaded'; readonly data: T };

// Runs `load` when one of `dependencies` changes (and on reload()); an answer that arrives after
// a newer request started is dropped, so a slow search never overwrites a later one. What was
// loaded stays shown until the next answer replaces it (no flicker on a refresh).
export function useLoad<T>(load: () => Promise<T>, dependencies: readonly unknown[]) {
  const [result, setResult] = useState<Load<T>>({ state: 'loading' });
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    let current = true;
    setResult((current) => (current.state === 'loaded' ? current : { state: 'loading' }));
    load().then(
      (data) => current && setResult({ state: 'loaded', data }),
      (error: unknown) => current && setResult({ state: 'failed', error }),
    );
    return () => {
      current = false;
    };
    // `load` is a new closure on every render; what it reads is in `dependencies`.
  }, [...dependencies, generation]);
  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  return { result, reload };
}
