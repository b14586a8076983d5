// A payment URI's query, each value percent-encoded as SEP-7 and Solana Pay ask (a space is %20;
// URLSearchParams would write `+`, which a wallet may keep as a plus).
export function uriQuery(parameters: Readonly<Record<string, string>>): string {
  return Object.entries(parameters)
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join('&');
}
