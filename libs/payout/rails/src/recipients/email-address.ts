export interface EmailLimits {
  readonly local: number;
  readonly domain: number;
  readonly total: number;
}

// Dot-separated atoms of the characters an address may hold unquoted; quoted local parts and
// IP-literal domains are not accepted as keys.
const LOCAL_PART = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const DOMAIN = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$/;

// The address lower-cased (both directories match e-mail keys without regard to case), or null
// when it is not an address within the limits.
export function normaliseEmail(raw: string, limits: EmailLimits): string | null {
  const address = raw.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  const local = address.slice(0, at);
  const domain = address.slice(at + 1);
  if (at < 1 || address.length > limits.total) return null;
  if (local.length > limits.local || domain.length > limits.domain) return null;
  return LOCAL_PART.test(local) && DOMAIN.test(domain) ? address : null;
}
