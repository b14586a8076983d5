import type { ListPage } from './list-page.js';

// api-gateway's answers to GET and POST /partner/keys (and the operators' /ops/partners/{id}/keys).
export interface ApiKeyView {
  readonly keyId: string;
  readonly displayPrefix: string;
  // What the partner called it ("production server"); null when unnamed.
  readonly name: string | null;
  readonly createdAt: string;
  readonly revokedAt: string | null;
  // Null when never used; recorded up to a minute late (the gateway flushes it once a minute).
  readonly lastUsedAt: string | null;
}

// A page of a partner's keys, newest first, with how many are active against its key quota.
export interface ApiKeyPage extends ListPage {
  readonly activeKeys: number;
  readonly maxActiveKeys: number;
  readonly keys: readonly ApiKeyView[];
}

export interface IssuedApiKey {
  readonly keyId: string;
  // Shown once.
  readonly apiKey: string;
  readonly displayPrefix: string;
}

// POST /partner/keys and /ops/partners/{id}/keys: a name is optional (1–64 characters).
export const newKeyBody = (name: string) => (name.trim() ? { name: name.trim() } : undefined);

// The gateway tells keys apart by their first ten characters ("pk_" and seven more).
export const displayPrefixOf = (key: string) => key.slice(0, 10);
