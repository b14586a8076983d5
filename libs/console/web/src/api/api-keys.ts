// api-gateway's answers to GET and POST /partner/keys.
export interface ApiKeyView {
  readonly keyId: string;
  readonly displayPrefix: string;
  readonly createdAt: string;
  readonly revokedAt: string | null;
}

export interface IssuedApiKey {
  readonly keyId: string;
  // Shown once.
  readonly apiKey: string;
  readonly displayPrefix: string;
}

// The gateway tells keys apart by their first ten characters ("pk_" and seven more).
export const displayPrefixOf = (key: string) => key.slice(0, 10);
