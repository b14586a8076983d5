import { describe, expect, it } from '@jest/globals';
import { SpecialPurposeAddresses } from './special-purpose-addresses.js';

describe(SpecialPurposeAddresses.name, () => {
  const sut = new SpecialPurposeAddresses();

  // One or more addresses inside every refused block, its edges where an off-by-one would show.
  it.each([
    ['"this network" 0/8', ['0.0.0.0', '0.255.255.255']],
    ['private 10/8', ['10.0.0.0', '10.255.255.255']],
    ['shared address space 100.64/10', ['100.64.0.0', '100.100.100.200', '100.127.255.255']],
    ['loopback 127/8', ['127.0.0.1', '127.255.255.254']],
    ['link-local 169.254/16 (cloud metadata)', ['169.254.169.254', '169.254.0.1']],
    ['private 172.16/12', ['172.16.0.1', '172.31.255.255']],
    ['IETF protocol assignments 192.0.0/24', ['192.0.0.8', '192.0.0.170']],
    ['TEST-NET-1 192.0.2/24', ['192.0.2.1']],
    ['6to4 relay anycast 192.88.99/24', ['192.88.99.1']],
    ['private 192.168/16', ['192.168.0.1', '192.168.255.255']],
    ['benchmarking 198.18/15', ['198.18.0.1', '198.19.255.255']],
    ['TEST-NET-2 198.51.100/24', ['198.51.100.7']],
    ['TEST-NET-3 203.0.113/24', ['203.0.113.9']],
    ['multicast 224/4', ['224.0.0.1', '239.255.255.250']],
    ['reserved 240/4', ['240.0.0.1', '254.255.255.255']],
    ['limited broadcast', ['255.255.255.255']],
    ['unspecified ::/128', ['::', '0:0:0:0:0:0:0:0']],
    ['loopback ::1/128', ['::1', '0000:0000:0000:0000:0000:0000:0000:0001']],
    ['IPv4-mapped private or link-local', ['::ffff:10.0.0.1', '::ffff:a9fe:a9fe', '::FFFF:7F00:1']],
    ['IPv4-mapped in full form', ['0:0:0:0:0:ffff:169.254.169.254']],
    ['IPv4-compatible ::/96, public embedded address too', ['::a9fe:a9fe', '::169.254.169.254', '::8.8.8.8']],
    ['NAT64 well-known 64:ff9b::/96', ['64:ff9b::a9fe:a9fe', '64:ff9b::8.8.8.8', '64:FF9B::A00:1']],
    ['NAT64 local-use 64:ff9b:1::/48', ['64:ff9b:1::a9fe:a9fe', '64:ff9b:1:ffff:ffff:ffff:ffff:ffff']],
    ['discard-only 100::/64', ['100::1', '100::ffff:ffff:ffff:ffff']],
    ['Teredo 2001::/32', ['2001::1', '2001:0:4136:e378:8000:63bf:3fff:fdd2']],
    ['IETF protocol assignments 2001::/23', ['2001:2::1', '2001:1ff:ffff::1']],
    ['documentation 2001:db8::/32', ['2001:db8::1', '2001:DB8:FFFF::']],
    ['6to4 2002::/16', ['2002:a00:1::1', '2002:c0a8:101::1']],
    ['documentation 3fff::/20', ['3fff::1', '3fff:fff:ffff::1']],
    ['SRv6 SIDs 5f00::/16', ['5f00::1']],
    ['unique local fc00::/7', ['fc00::1', 'fd00:ec2::254']],
    ['link-local fe80::/10', ['fe80::1', 'febf:ffff::1']],
    ['site-local fec0::/10', ['fec0::1', 'feff::1']],
    ['multicast ff00::/8', ['ff02::1', 'ff0e::101']],
    ['an address with a zone id', ['fe80::1%eth0', '2606:4700::1111%1']],
    ['something that is not an address', ['', 'localhost', '10.0.0']],
  ])('includes %s', (_block, addresses) => {
    for (const address of addresses) expect([address, sut.includes(address)]).toEqual([address, true]);
  });

  // Each just outside a refused block, so a prefix written one bit too wide shows here.
  it.each([
    ['public IPv4', ['1.1.1.1', '8.8.8.8', '93.184.215.14']],
    ['next to 100.64/10', ['100.63.255.255', '100.128.0.0']],
    ['next to 172.16/12', ['172.15.255.255', '172.32.0.0']],
    ['next to 192.0.0/24 and 192.0.2/24', ['192.0.1.1', '192.0.3.1']],
    ['next to 198.18/15', ['198.17.255.255', '198.20.0.0']],
    ['just below multicast', ['223.255.255.255']],
    ['public IPv6', ['2606:4700:4700::1111', '2a00:1450:4001:80b::200e']],
    ['IPv4-mapped public', ['::ffff:8.8.8.8', '::ffff:5db8:d70e']],
    ['next to 64:ff9b:1::/48', ['64:ff9b:2::1']],
    ['next to 2001::/23 and 2001:db8::/32', ['2001:200::1', '2001:db9::1']],
    ['next to 3fff::/20', ['3fff:1000::1']],
  ])('does not include %s', (_block, addresses) => {
    for (const address of addresses) expect([address, sut.includes(address)]).toEqual([address, false]);
  });
});
