import type { Session } from '../session/session.js';
import { Shell, type NavItem } from '../layout/shell.js';
import { ApiKeysPage } from './api-keys-page.js';
import { LimitsPage } from './limits-page.js';
import { OverviewPage } from './overview-page.js';
import { QuotePlaygroundPage } from './quote-playground-page.js';
import { TransactionPage } from './transaction-page.js';
import { TransactionsPage } from './transactions-page.js';
import { WebhookDeliveryPage } from './webhook-delivery-page.js';
import { WebhooksPage } from './webhooks-page.js';

const NAV: readonly NavItem[] = [
  { path: '/transactions', label: 'Transactions' },
  { path: '/webhooks', label: 'Webhooks' },
  { path: '/api-keys', label: 'API keys' },
  { path: '/quotes', label: 'Quote playground' },
  { path: '/overview', label: 'Overview' },
  { path: '/limits', label: 'Limits' },
];

function Page({ session, path }: { session: Session; path: string }) {
  const delivery = /^\/webhooks\/deliveries\/([^/]+)$/.exec(path);
  if (delivery)
    return <WebhookDeliveryPage key={delivery[1]} api={session.api} id={decodeURIComponent(delivery[1]!)} />;
  if (path.startsWith('/webhooks')) return <WebhooksPage api={session.api} />;
  if (path.startsWith('/api-keys')) return <ApiKeysPage session={session} />;
  if (path.startsWith('/quotes')) return <QuotePlaygroundPage api={session.api} />;
  if (path.startsWith('/overview')) return <OverviewPage api={session.api} />;
  if (path.startsWith('/limits')) return <LimitsPage api={session.api} />;
  const transaction = /^\/transactions\/([^/]+)$/.exec(path);
  if (transaction)
    return (
      <TransactionPage key={transaction[1]} api={session.api} id={decodeURIComponent(transaction[1]!)} />
    );
  return <TransactionsPage api={session.api} />;
}

export function PartnerConsole(props: { session: Session; path: string; onSignOut: () => void }) {
  return (
    <Shell name={props.session.name} nav={NAV} path={props.path} onSignOut={props.onSignOut}>
      <Page session={props.session} path={props.path} />
    </Shell>
  );
}
