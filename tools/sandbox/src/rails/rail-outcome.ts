export type RailPayoutStatus = 'ACCEPTED' | 'SETTLED' | 'FAILED';

export type RailOutcome =
  | { readonly kind: 'settle'; readonly late: boolean }
  | { readonly kind: 'fail'; readonly reason: 'INVALID_ACCOUNT' | 'ACCOUNT_BLOCKED' };

// Deterministic by the recipient key's last digit (any non-digit counts as "other"):
//   …0 → FAILED INVALID_ACCOUNT          …1 → FAILED ACCOUNT_BLOCKED
//   …9 → SETTLED late (lateSettleMs)     anything else → SETTLED (settleMs)
export function railOutcomeFor(recipientKey: string): RailOutcome {
  const last = recipientKey.trim().at(-1) ?? '';
  if (last === '0') return { kind: 'fail', reason: 'INVALID_ACCOUNT' };
  if (last === '1') return { kind: 'fail', reason: 'ACCOUNT_BLOCKED' };
  return { kind: 'settle', late: last === '9' };
}
