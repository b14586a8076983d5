import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { SpecialPurposeAddresses } from './special-purpose-addresses.js';

export interface ResolvedAddress {
  readonly address: string;
  readonly family: 4 | 6;
}

export type ResolveHost = (hostname: string) => Promise<readonly ResolvedAddress[]>;

// A webhook URL (or the address its host resolves to) that must not be called. The reason is
// safe to show to the partner who registered it.
export class UnsafeUrlError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'UnsafeUrlError';
  }
}

const systemResolve: ResolveHost = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map(({ address, family }) => ({
    address,
    family: family === 6 ? 6 : 4,
  }));

// Decides whether the dispatcher may call a URL: at registration (`check`) and again on every
// connection (`lookup`, handed to the HTTP client), so a name that resolves to a public address
// at registration and to an internal one later (DNS rebinding) is still refused.
export class OutboundUrlGuard {
  private readonly blocked = new SpecialPurposeAddresses();
  private readonly allowedRanges = new BlockList();
  private readonly allowedHosts = new Set<string>();

  constructor(
    allowList: readonly string[],
    private readonly resolve: ResolveHost = systemResolve,
    // Plain http to any acceptable address (chat bots' services, as Zulip allows), not only to
    // allow-listed hosts (partner webhooks carry signed payment data: https only).
    private readonly options: { readonly plainHttp: boolean } = { plainHttp: false },
  ) {
    for (const entry of allowList) this.allow(entry.toLowerCase());
  }

  // The URL parsed, once its scheme and every address its host resolves to are acceptable.
  async check(rawUrl: string): Promise<URL> {
    const url = this.parse(rawUrl);
    const host = hostOf(url);
    const addresses = isIP(host)
      ? [{ address: host, family: isIP(host) as 4 | 6 }]
      : await this.resolve(host).catch(() => {
          throw new UnsafeUrlError(`The host ${host} does not resolve`);
        });
    if (addresses.length === 0) throw new UnsafeUrlError(`The host ${host} does not resolve`);
    for (const { address } of addresses) this.assertAddress(host, address);
    return url;
  }

  // Scheme, credentials and IP-literal checks that need no DNS.
  parse(rawUrl: string): URL {
    let url: URL;
    try {
      url = new URL(rawUrl);
    } catch {
      throw new UnsafeUrlError('url must be an absolute http(s) URL');
    }
    const host = hostOf(url);
    const httpAllowed = this.options.plainHttp || this.isAllowListed(host);
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && httpAllowed)) {
      throw new UnsafeUrlError('url must use https');
    }
    if (url.username || url.password) throw new UnsafeUrlError('url must not carry credentials');
    if (isIP(host)) this.assertAddress(host, host);
    return url;
  }

  // For node:http's `lookup` option: resolves, then refuses the connection when any address is
  // off limits. It runs for the very connection the request uses, so the check cannot go stale.
  readonly lookup: LookupFunction = (hostname, options, callback) => {
    const done = callback as (error: Error | null, address?: unknown, family?: number) => void;
    this.resolve(hostname).then(
      (resolved) => {
        const wanted = options.family === 4 || options.family === 6 ? options.family : null;
        const addresses = resolved.filter((entry) => wanted === null || entry.family === wanted);
        if (addresses.length === 0) {
          done(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }));
          return;
        }
        try {
          for (const { address } of addresses) this.assertAddress(hostname.toLowerCase(), address);
        } catch (error) {
          done(error as Error);
          return;
        }
        if (options.all) done(null, addresses);
        else done(null, addresses[0]!.address, addresses[0]!.family);
      },
      (error: Error) => done(error),
    );
  };

  private assertAddress(host: string, address: string): void {
    if (this.isAllowListed(host) || this.inAllowedRange(address)) return;
    if (this.blocked.includes(address)) {
      throw new UnsafeUrlError(
        `url must not point to a private, loopback, link-local or special-purpose address (${host} is ${address})`,
      );
    }
  }

  private isAllowListed(host: string): boolean {
    return this.allowedHosts.has(host) || (isIP(host) !== 0 && this.inAllowedRange(host));
  }

  private inAllowedRange(address: string): boolean {
    return this.allowedRanges.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
  }

  private allow(entry: string): void {
    const [network, prefix] = entry.split('/');
    const family = isIP(network ?? '');
    if (family === 0) {
      this.allowedHosts.add(entry);
      return;
    }
    const type = family === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) this.allowedRanges.addAddress(network!, type);
    else this.allowedRanges.addSubnet(network!, Number(prefix), type);
  }
}

// The URL's host without IPv6 brackets, lower case. The WHATWG URL parser has already written every
// IPv4 spelling (`127.1`, `0x7f.0.0.1`, `2130706433`, octal parts) as a dotted quad and every IPv6
// one as compressed lower-case hex, so the host is the address the connection will use.
function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
}
