import { describe, expect, it } from '@jest/globals';
import { OutboundUrlGuard, type ResolvedAddress, UnsafeUrlError } from './outbound-url-guard.js';

// A resolver answering from a table, so that no test depends on real DNS.
const resolverOf =
  (table: Record<string, readonly ResolvedAddress[]>) =>
  async (hostname: string): Promise<readonly ResolvedAddress[]> => {
    const found = table[hostname];
    if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return found;
  };

const v4 = (address: string): ResolvedAddress => ({ address, family: 4 });
const v6 = (address: string): ResolvedAddress => ({ address, family: 6 });

const dns = resolverOf({
  'partner.example.com': [v4('93.184.215.14'), v6('2606:2800:21f:cb07:6820:80da:af6b:8b2c')],
  'rebinding.example.com': [v4('93.184.215.14'), v4('10.0.0.7')],
  'internal.example.com': [v4('192.168.1.20')],
  'dev-receiver.test': [v4('127.0.0.1')],
  'nat64.example.com': [v6('64:ff9b:1::a9fe:a9fe')],
  'zoned.example.com': [v6('fe80::1%eth0')],
});

async function refusal(guard: OutboundUrlGuard, url: string): Promise<string> {
  const error = await guard.check(url).then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof UnsafeUrlError)) throw new Error(`${url} was accepted`);
  return error.reason;
}

describe(OutboundUrlGuard.name, () => {
  const sut = new OutboundUrlGuard([], dns);

  it('accepts an https URL whose host resolves to public addresses only', async () => {
    await expect(sut.check('https://partner.example.com/hooks?x=1')).resolves.toEqual(
      new URL('https://partner.example.com/hooks?x=1'),
    );
    await expect(sut.check('https://93.184.215.14/hooks')).resolves.toBeInstanceOf(URL);
  });

  it.each([
    ['this network', '0.0.0.0'],
    ['private 10/8', '10.1.2.3'],
    ['CGNAT 100.64/10 (and cloud metadata at 100.100.100.200)', '100.100.100.200'],
    ['loopback 127/8', '127.0.0.1'],
    ['loopback written short', '127.1'],
    ['loopback written in hex', '0x7f.0.0.1'],
    ['link-local 169.254/16 (cloud metadata)', '169.254.169.254'],
    ['private 172.16/12', '172.31.255.1'],
    ['IETF 192.0.0/24', '192.0.0.170'],
    ['private 192.168/16', '192.168.0.1'],
    ['benchmarking 198.18/15', '198.19.0.1'],
    ['multicast', '224.0.0.1'],
    ['reserved and broadcast', '255.255.255.255'],
    ['IPv6 unspecified', '[::]'],
    ['IPv6 loopback', '[::1]'],
    ['IPv4-mapped IPv6 loopback', '[::ffff:127.0.0.1]'],
    ['NAT64 of a private address', '[64:ff9b::a00:1]'],
    ['6to4 of a private address', '[2002:a00:1::1]'],
    ['unique local fc00::/7', '[fd00:ec2::254]'],
    ['link-local fe80::/10', '[fe80::1]'],
    ['IPv6 multicast', '[ff02::1]'],
  ])('refuses %s', async (_range, host) => {
    expect(await refusal(sut, `https://${host}/hooks`)).toMatch(
      /^url must not point to a private, loopback, link-local or special-purpose address \(.+ is .+\)$/,
    );
  });

  // The URL parser writes every form of an address one way before the guard sees it.
  it.each([
    ['local-use NAT64 embedding 169.254.169.254', 'https://[64:ff9b:1::a9fe:a9fe]/x', '64:ff9b:1::a9fe:a9fe'],
    ['IPv4-compatible 169.254.169.254', 'https://[::a9fe:a9fe]/x', '::a9fe:a9fe'],
    ['Teredo', 'https://[2001::1]/x', '2001::1'],
    ['upper-case, uncompressed IPv6', 'https://[0:0:0:0:0:FFFF:A9FE:A9FE]/', '::ffff:a9fe:a9fe'],
    ['a dotted IPv4 tail in IPv6', 'https://[64:ff9b::169.254.169.254]/', '64:ff9b::a9fe:a9fe'],
    ['IPv4 as one decimal number', 'https://2852039166/', '169.254.169.254'],
    ['IPv4 as one hex number', 'https://0xA9FEA9FE/', '169.254.169.254'],
    ['IPv4 in octal parts', 'https://0251.0376.0251.0376/', '169.254.169.254'],
    ['IPv4 with a trailing dot', 'https://127.0.0.1./', '127.0.0.1'],
    ['IPv4 percent-encoded', 'https://%31%32%37.0.0.1/', '127.0.0.1'],
  ])('refuses %s', async (_form, url, address) => {
    expect(await refusal(sut, url)).toBe(
      `url must not point to a private, loopback, link-local or special-purpose address (${address} is ${address})`,
    );
  });

  it('refuses an IPv6 zone id as a malformed URL', async () => {
    expect(await refusal(sut, 'https://[fe80::1%25eth0]/')).toBe('url must be an absolute http(s) URL');
  });

  it('refuses a name that resolves to a private address, and one with any private address among public ones', async () => {
    expect(await refusal(sut, 'https://internal.example.com/')).toBe(
      'url must not point to a private, loopback, link-local or special-purpose address (internal.example.com is 192.168.1.20)',
    );
    expect(await refusal(sut, 'https://rebinding.example.com/')).toBe(
      'url must not point to a private, loopback, link-local or special-purpose address (rebinding.example.com is 10.0.0.7)',
    );
    expect(await refusal(sut, 'https://nat64.example.com/')).toBe(
      'url must not point to a private, loopback, link-local or special-purpose address (nat64.example.com is 64:ff9b:1::a9fe:a9fe)',
    );
    expect(await refusal(sut, 'https://zoned.example.com/')).toBe(
      'url must not point to a private, loopback, link-local or special-purpose address (zoned.example.com is fe80::1%eth0)',
    );
  });

  it('refuses plain http, other schemes, credentials, relative and unresolvable URLs', async () => {
    expect(await refusal(sut, 'http://partner.example.com/')).toBe('url must use https');
    expect(await refusal(sut, 'ftp://partner.example.com/')).toBe('url must use https');
    expect(await refusal(sut, 'https://user:pw@partner.example.com/')).toBe('url must not carry credentials');
    expect(await refusal(sut, '/hooks')).toBe('url must be an absolute http(s) URL');
    expect(await refusal(sut, 'https://nowhere.example.com/')).toBe(
      'The host nowhere.example.com does not resolve',
    );
  });

  it('lets allow-listed hosts and ranges through, over http too', async () => {
    const allowing = new OutboundUrlGuard(
      ['127.0.0.1', 'dev-receiver.test', '10.20.0.0/16', 'fd00::/8'],
      dns,
    );

    await expect(allowing.check('http://127.0.0.1:4100/hooks')).resolves.toBeInstanceOf(URL);
    await expect(allowing.check('http://dev-receiver.test/hooks')).resolves.toBeInstanceOf(URL);
    await expect(allowing.check('http://10.20.3.4/hooks')).resolves.toBeInstanceOf(URL);
    await expect(allowing.check('https://[fd00::5]/hooks')).resolves.toBeInstanceOf(URL);
    expect(await refusal(allowing, 'https://10.21.0.1/')).toMatch(/10\.21\.0\.1/);
    expect(await refusal(allowing, 'https://[::1]/')).toMatch(/::1/);
    expect(await refusal(allowing, 'http://partner.example.com/')).toBe('url must use https');
  });

  it('lets plain http through to acceptable addresses when asked, never to private ones', async () => {
    const http = new OutboundUrlGuard([], dns, { plainHttp: true });
    await expect(http.check('http://partner.example.com/hooks')).resolves.toBeInstanceOf(URL);
    expect(await refusal(http, 'http://internal.example.com/')).toMatch(/192\.168\.1\.20/);
    expect(await refusal(http, 'http://127.0.0.1:5002/')).toMatch(/127\.0\.0\.1/);
    expect(await refusal(http, 'ftp://partner.example.com/')).toBe('url must use https');
  });

  describe('lookup (every connection)', () => {
    const lookup = (guard: OutboundUrlGuard, hostname: string, all: boolean) =>
      new Promise<unknown>((resolve, reject) =>
        guard.lookup(hostname, { all }, (error: Error | null, address: unknown, family?: number) =>
          error ? reject(error) : resolve(all ? address : { address, family }),
        ),
      );

    it('hands the resolved public addresses to the connection', async () => {
      await expect(lookup(sut, 'partner.example.com', false)).resolves.toEqual({
        address: '93.184.215.14',
        family: 4,
      });
      await expect(lookup(sut, 'partner.example.com', true)).resolves.toHaveLength(2);
    });

    it('refuses the connection when the name now resolves to a private address (DNS rebinding)', async () => {
      await expect(lookup(sut, 'rebinding.example.com', false)).rejects.toBeInstanceOf(UnsafeUrlError);
      await expect(lookup(sut, 'internal.example.com', true)).rejects.toBeInstanceOf(UnsafeUrlError);
      await expect(lookup(sut, 'nat64.example.com', false)).rejects.toBeInstanceOf(UnsafeUrlError);
    });

    it('passes resolver failures on', async () => {
      await expect(lookup(sut, 'nowhere.example.com', false)).rejects.toMatchObject({ code: 'ENOTFOUND' });
    });
  });
});
