// The classes a partner's requests are counted in, each with its own limit: creating quotes costs
// pricing work, writes move money or state, KYC uploads carry documents, key management mints
// credentials, and reads are cheap.
export const ROUTE_CLASSES = ['quotes', 'transaction_writes', 'kyc_uploads', 'keys', 'reads'] as const;
export type RouteClass = (typeof ROUTE_CLASSES)[number];

const READ_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

// The writes that have a class of their own, by path prefix (a prefix matches the path itself or
// `prefix/…`, as in the routing table); every other write is a transaction write.
const WRITE_CLASSES: ReadonlyArray<readonly [prefix: string, routeClass: RouteClass]> = [
  ['/quote', 'quotes'],
  ['/kyc', 'kyc_uploads'],
  ['/partner/keys', 'keys'],
];

const SLASH = 0x2f;

// The one place a request's class is decided, for the proxied routes and the gateway's own alike.
export function routeClassOf(method: string | undefined, path: string): RouteClass {
  if (READ_METHODS.has(method ?? 'GET')) return 'reads';
  const match = WRITE_CLASSES.find(
    ([prefix]) =>
      path.startsWith(prefix) && (path.length === prefix.length || path.charCodeAt(prefix.length) === SLASH),
  );
  return match ? match[1] : 'transaction_writes';
}
