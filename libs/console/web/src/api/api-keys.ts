import type { ListPage } from './list-page.js';

// api-gateway's answers to GET and POST /partner/keys (and the operators' /ops/partners/{id}/keys).
export interface ApiKeyView {
  readonly keyId: string;
  readonly displayPrefix: string;
  readonly createdAt: string;
  readonly revokedAt: string | null;
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

// The gateway tells keys apart by their first ten characters ("pk_" and seven more).
export const displayPrefixOf = (key: string) => key.slice(0, 10);
