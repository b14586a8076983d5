import type { Session } from '../session/session.js';
import { Shell, type NavItem } from '../layout/shell.js';
import { TransactionsPage } from './transactions-page.js';

const NAV: readonly NavItem[] = [{ path: '/transactions', label: 'Transactions' }];

export function PartnerConsole(props: { session: Session; path: string; onSignOut: () => void }) {
  return (
    <Shell name={props.session.name} nav={NAV} path={props.path} onSignOut={props.onSignOut}>
      <TransactionsPage api={props.session.api} />
    </Shell>
  );
}
