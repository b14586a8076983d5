// The most active keys an operator may allow one partner: a bound on the operator's input, far
// above any real rotation.
export const MAX_ACTIVE_KEYS_LIMIT = 1000;

// A partner's key quota: its own (set by an operator) or, when none was set, the default.
export interface KeyQuota {
  readonly maxActiveKeys: number;
  readonly source: 'default' | 'operator';
}

export function keyQuotaOf(ownQuota: number | null, defaultQuota: number): KeyQuota {
  return ownQuota === null
    ? { maxActiveKeys: defaultQuota, source: 'default' }
    : { maxActiveKeys: ownQuota, source: 'operator' };
}

// What the audit log shows of a quota: "25", or "10 (default)".
export const keyQuotaText = (quota: KeyQuota): string =>
  quota.source === 'default' ? `${quota.maxActiveKeys} (default)` : `${quota.maxActiveKeys}`;
