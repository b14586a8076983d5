import type { ReactNode } from 'react';
import { TimeZoneSwitch } from '../format/time-view.js';
import { Link } from './link.js';

export interface NavItem {
  readonly path: string;
  readonly label: string;
}

// The frame of every signed-in page: who is signed in, the views, sign out.
export function Shell(props: {
  name: string;
  nav: readonly NavItem[];
  path: string;
  onSignOut: () => void;
  children: ReactNode;
}) {
  return (
    <>
      <a className="skip" href="#content">
        Skip to content
      </a>
      <header className="top">
        <span className="brand">Payout console</span>
        <nav aria-label="Views">
          <ul>
            {props.nav.map((item) => (
              <li key={item.path}>
                <Link to={item.path} current={props.path.startsWith(item.path)}>
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <TimeZoneSwitch />
        <span className="who">{props.name}</span>
        <button type="button" onClick={props.onSignOut}>
          Sign out
        </button>
      </header>
      <main id="content" tabIndex={-1}>
        {props.children}
      </main>
    </>
  );
}
