import { useEffect, useMemo, useState, type MouseEvent } from 'react';

// The console's pages live under /console (the gateway answers index.html for each); moving
// between them changes the history, never the server.
export const BASE = '/console';

export function navigate(path: string): void {
  window.history.pushState(null, '', `${BASE}${path}`);
  window.dispatchEvent(new PopStateEvent('popstate'));
}

// The path below /console, e.g. "/transactions/…"; "/" for the console's root.
export function usePath(): string {
  const [path, setPath] = useState(currentPath);
  useEffect(() => {
    const update = () => setPath(currentPath());
    window.addEventListener('popstate', update);
    return () => window.removeEventListener('popstate', update);
  }, []);
  return path;
}

// The page's query (?status=…&page=2): a list's filters live there, so a person can go back to
// them, bookmark them or send them to a colleague.
export function useQuery(): URLSearchParams {
  const [search, setSearch] = useState(() => window.location.search);
  useEffect(() => {
    const update = () => setSearch(window.location.search);
    window.addEventListener('popstate', update);
    return () => window.removeEventListener('popstate', update);
  }, []);
  return useMemo(() => new URLSearchParams(search), [search]);
}

// Moves to the same page with this query (empty values left out), as a new history entry.
export function setQuery(values: Readonly<Record<string, string | number | undefined>>): void {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    if (value !== undefined && value !== '') search.set(name, String(value));
  }
  const text = search.toString();
  if (`?${text}` === window.location.search || (text === '' && window.location.search === '')) return;
  window.history.pushState(null, '', `${window.location.pathname}${text ? `?${text}` : ''}`);
  window.dispatchEvent(new PopStateEvent('popstate'));
}

function currentPath(): string {
  const path = window.location.pathname.slice(BASE.length);
  return path === '' ? '/' : path;
}

// An ordinary link (keyboard, middle click) that moves in place when clicked plainly.
export function followLink(path: string) {
  return (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(path);
  };
}
