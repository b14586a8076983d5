import { useEffect, useState, type MouseEvent } from 'react';

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
