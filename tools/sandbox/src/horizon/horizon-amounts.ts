// Stellar amounts are 7-decimal strings on the wire and int64 stroops in the ledger.
const SCALE = 7;

export function toStroops(amount: string): bigint {
  const [whole = '0', fraction = ''] = amount.split('.');
  return BigInt(whole) * 10n ** BigInt(SCALE) + BigInt(fraction.padEnd(SCALE, '0').slice(0, SCALE) || '0');
}

export function fromStroops(stroops: bigint): string {
  const text = stroops.toString().padStart(SCALE + 1, '0');
  return `${text.slice(0, -SCALE)}.${text.slice(-SCALE)}`;
}
