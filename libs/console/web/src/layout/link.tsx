import type { ReactNode } from 'react';
import { BASE, followLink } from './router.js';

export function Link({ to, children, current }: { to: string; children: ReactNode; current?: boolean }) {
  return (
    <a href={`${BASE}${to}`} onClick={followLink(to)} aria-current={current ? 'page' : undefined}>
      {children}
    </a>
  );
}
