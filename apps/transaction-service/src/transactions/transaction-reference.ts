// Base64 of the UUID's 16 bytes: 24 characters, within a Stellar text memo's 28 bytes.
export function transactionReferenceOf(id: string): string {
  return Buffer.from(id.replace(/-/g, ''), 'hex').toString('base64');
}
