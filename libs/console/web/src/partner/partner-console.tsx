import type { Session } from '../session/session.js';
import { Shell, type NavItem } from '../layout/shell.js';
import { TransactionsPage } from './transactions-page.js';
import { WebhooksPage } from './webhooks-page.js';

const NAV: readonly NavItem[] = [
  { path: '/transactions', label: 'Transactions' },
  { path: '/webhooks', label: 'Webhooks' },
];

function Page({ session, path }: { session: Session; path: string }) {
  if (path.startsWith('/webhooks')) return <WebhooksPage api={session.api} />;
  return <TransactionsPage api={session.api} />;
}

export function PartnerConsole(props: { session: Session; path: string; onSignOut: () => void }) {
  return (
    <Shell name={props.session.name} nav={NAV} path={props.path} onSignOut={props.onSignOut}>
      <Page session={props.session} path={props.path} />
    </Shell>
  );
}
