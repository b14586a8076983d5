import type { IncomingMessage } from 'node:http';

// The longest textual IPv6 address (with an embedded IPv4 one).
const MAX_ADDRESS_LENGTH = 45;

// The client's address as Express reads it with `trust proxy` set to a hop count: the socket's
// peer, or, behind `trustedHops` proxies that each append to X-Forwarded-For, the address that
// many entries from its right. A client can prepend anything to the header, never append.
export function clientAddressOf(request: IncomingMessage, trustedHops: number): string {
  const peer = request.socket.remoteAddress ?? 'unknown';
  if (trustedHops === 0) return peer;
  const header = request.headers['x-forwarded-for'];
  const forwarded = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0);
  const chain = [peer, ...forwarded.reverse()];
  // Bounded: a forged entry is a counter key (rate_limit_window.subject), never longer than an address.
  return (chain[Math.min(trustedHops, chain.length - 1)] ?? peer).slice(0, MAX_ADDRESS_LENGTH);
}
