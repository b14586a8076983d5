// The outcome of checking a recipient key: the normalised key and what kind it is, or why not.
export type KeyValidation<Kind extends string> =
  | { readonly valid: true; readonly kind: Kind; readonly key: string }
  | { readonly valid: false; readonly reason: string };

// Longer than any key of either directory, formatting included: refused before any pattern runs.
export const KEY_MAX_LENGTH = 128;

export function validKey<Kind extends string>(kind: Kind, key: string): KeyValidation<Kind> {
  return { valid: true, kind, key };
}

export function invalidKey(reason: string): { readonly valid: false; readonly reason: string } {
  return { valid: false, reason };
}
