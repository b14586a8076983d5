import { BlockList, isIP } from 'node:net';

// Where a partner's URL must never lead: every block of the IANA IPv4 and IPv6 Special-Purpose
// Address Registries (RFC 6890, RFC 8190; iana.org/assignments/iana-ipv4-special-registry and
// iana-ipv6-special-registry) that is not globally reachable, plus multicast and the deprecated
// IPv6 blocks that still embed or name local networks. Blocks the registries mark globally
// reachable (AS112, AMT, the PCP and TURN anycasts) are refused only where a wider row covers them:
// no webhook receiver lives there.
const IPV4_BLOCKS: readonly string[] = [
  '0.0.0.0/8', // "this network" (RFC 791)
  '10.0.0.0/8', // private use (RFC 1918)
  '100.64.0.0/10', // shared address space, carrier-grade NAT (RFC 6598)
  '127.0.0.0/8', // loopback (RFC 1122)
  '169.254.0.0/16', // link-local, where the cloud metadata endpoints live (RFC 3927)
  '172.16.0.0/12', // private use (RFC 1918)
  '192.0.0.0/24', // IETF protocol assignments, DS-Lite's 192.0.0.0/29 included (RFC 6890, RFC 6333)
  '192.0.2.0/24', // documentation TEST-NET-1 (RFC 5737)
  '192.88.99.0/24', // 6to4 relay anycast, deprecated (RFC 7526)
  '192.168.0.0/16', // private use (RFC 1918)
  '198.18.0.0/15', // benchmarking (RFC 2544)
  '198.51.100.0/24', // documentation TEST-NET-2 (RFC 5737)
  '203.0.113.0/24', // documentation TEST-NET-3 (RFC 5737)
  '224.0.0.0/4', // multicast (RFC 5771, IANA IPv4 Multicast Address Space Registry)
  '240.0.0.0/4', // reserved (RFC 1112)
  '255.255.255.255/32', // limited broadcast (RFC 919), inside 240/4 but its own registry row
];

// IPv4-mapped addresses (::ffff:0:0/96, RFC 4291 §2.5.5.2) are not listed: they reach their
// embedded IPv4 address, so they meet the IPv4 rows (see `includes`).
const IPV6_BLOCKS: readonly string[] = [
  '::/128', // unspecified (RFC 4291)
  '::1/128', // loopback (RFC 4291)
  // IPv4-compatible (RFC 4291 §2.5.5.1), deprecated: refused whole rather than decoded, since the
  // automatic tunnels that used them send the packets to the embedded IPv4 address.
  '::/96',
  // NAT64, well-known (RFC 6052) and local-use (RFC 8215): a translator turns them into their
  // embedded IPv4 address, private ones included (the local-use prefix allows them), so the whole
  // prefix is refused instead of decoding the address.
  '64:ff9b::/96',
  '64:ff9b:1::/48',
  '100::/64', // discard-only (RFC 6666)
  // IETF protocol assignments (RFC 2928): Teredo 2001::/32 (RFC 4380, the client's IPv4 address
  // embedded and obfuscated in the last 32 bits), benchmarking 2001:2::/48 (RFC 5180), ORCHID
  // (RFC 4843, RFC 7343), drone identifiers (RFC 9374) and the anycasts assigned there.
  '2001::/23',
  '2001:db8::/32', // documentation (RFC 3849)
  // 6to4 (RFC 3056): a 6to4 router (this host's own, if one is set up) sends these over IPv4 to
  // the address in bits 16–47, a private one included. Refused whole rather than decoded: RFC 7526
  // deprecated 6to4's relays, no receiver depends on it today, and a refused prefix has no
  // decoding to get wrong.
  '2002::/16',
  '3fff::/20', // documentation (RFC 9637)
  '5f00::/16', // segment routing (SRv6) SIDs (RFC 9602)
  'fc00::/7', // unique local (RFC 4193)
  'fe80::/10', // link-local (RFC 4291)
  'fec0::/10', // site-local, deprecated (RFC 3879, IANA IPv6 Address Space Registry)
  'ff00::/8', // multicast (RFC 4291, IANA IPv6 Multicast Address Space Registry)
];

// Node's BlockList does the prefix arithmetic on the parsed address, so every textual form of an
// address (upper-case hex, zeros compressed or not, a dotted IPv4 tail) meets the same rows.
export class SpecialPurposeAddresses {
  private readonly ipv4 = blockListOf(IPV4_BLOCKS, 'ipv4');
  private readonly ipv6 = blockListOf(IPV6_BLOCKS, 'ipv6');

  // Whether a connection to this address could reach anything but the public internet.
  includes(address: string): boolean {
    // A zone id (fe80::1%eth0) names one of this host's interfaces: never a public address, and
    // BlockList would not match it at all.
    if (address.includes('%')) return true;
    switch (isIP(address)) {
      case 4:
        return this.ipv4.check(address, 'ipv4');
      case 6:
        // BlockList matches an IPv6 address against an IPv4 row only through its IPv4-mapped
        // form (::ffff:a.b.c.d), which is the address such a connection reaches. The IPv4 list
        // holds no IPv6 row: an ::ffff:0:0/96 row would match every IPv4 address checked there.
        return this.ipv6.check(address, 'ipv6') || this.ipv4.check(address, 'ipv6');
      default:
        // Not an address at all: nothing to connect to safely.
        return true;
    }
  }
}

function blockListOf(blocks: readonly string[], type: 'ipv4' | 'ipv6'): BlockList {
  const list = new BlockList();
  for (const block of blocks) {
    const [network, prefix] = block.split('/');
    list.addSubnet(network!, Number(prefix), type);
  }
  return list;
}
