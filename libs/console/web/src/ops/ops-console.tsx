import type { Session } from '../session/session.js';
import { Shell, type NavItem } from '../layout/shell.js';
import { AuditLogPage } from './audit-log-page.js';
import { CorridorsPage } from './corridors-page.js';
import { DepositsPage } from './deposits-page.js';

const NAV: readonly NavItem[] = [
  { path: '/corridors', label: 'Corridors' },
  { path: '/deposits', label: 'Unmatched deposits' },
  { path: '/audit', label: 'Audit log' },
];

function Page({ session, path }: { session: Session; path: string }) {
  if (path.startsWith('/audit')) return <AuditLogPage api={session.api} />;
  if (path.startsWith('/deposits')) return <DepositsPage api={session.api} />;
  return <CorridorsPage api={session.api} />;
}

export function OpsConsole(props: { session: Session; path: string; onSignOut: () => void }) {
  return (
    <Shell name={props.session.name} nav={NAV} path={props.path} onSignOut={props.onSignOut}>
      <Page session={props.session} path={props.path} />
    </Shell>
  );
}
