import type { Session } from '../session/session.js';
import { Shell, type NavItem } from '../layout/shell.js';
import { AuditLogPage } from './audit-log-page.js';
import { CorridorsPage } from './corridors-page.js';
import { DepositsPage } from './deposits-page.js';
import { PartnerPage } from './partner-page.js';
import { PartnersPage } from './partners-page.js';
import { RefundsPage } from './refunds-page.js';

const NAV: readonly NavItem[] = [
  { path: '/corridors', label: 'Corridors' },
  { path: '/partners', label: 'Partners' },
  { path: '/deposits', label: 'Unmatched deposits' },
  { path: '/refunds', label: 'Refunds' },
  { path: '/audit', label: 'Audit log' },
];

const PARTNER_PAGE = /^\/partners\/([^/]+)$/;

function Page({ session, path }: { session: Session; path: string }) {
  const partner = PARTNER_PAGE.exec(path);
  if (partner?.[1]) return <PartnerPage api={session.api} partnerId={decodeURIComponent(partner[1])} />;
  if (path.startsWith('/partners')) return <PartnersPage api={session.api} />;
  if (path.startsWith('/refunds')) return <RefundsPage api={session.api} />;
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
