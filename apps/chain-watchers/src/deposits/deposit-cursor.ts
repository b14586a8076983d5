// Where a deposit watcher's pass starts, from its committed cursor (the last height it covered)
// and the chain's confirmed head. No cursor: a first start, from a safe point below the head
// (deposit accounts handed out shortly before are covered). A cursor ahead of the head (the chain
// was reset, or the node is behind another one) is never trusted nor waited for: it is reported
// and the pass rescans from the safe point (what was recorded already is recorded once).
export type ScanStart =
  { readonly kind: 'resume' | 'first' | 'rescan'; readonly from: number } | { readonly kind: 'caught-up' };

export function scanStart(cursor: number | null, confirmed: number, safeLookback: number): ScanStart {
  const safePoint = Math.max(0, confirmed - safeLookback);
  if (cursor === null) return { kind: 'first', from: safePoint };
  if (cursor > confirmed) return { kind: 'rescan', from: safePoint };
  if (cursor === confirmed) return { kind: 'caught-up' };
  return { kind: 'resume', from: cursor + 1 };
}
