import type { ApiKeyEntity } from './api-key.entity.js';
import type { ApiKeyListResponseDto } from './ops-partners.response.dto.js';

// A partner's keys as operators and the partner itself see them: never the key or its hash.
export function apiKeyListOf(keys: readonly ApiKeyEntity[]): ApiKeyListResponseDto {
  return {
    keys: keys.map((key) => ({
      keyId: key.id,
      displayPrefix: key.displayPrefix,
      createdAt: key.createdAt.toISOString(),
      revokedAt: key.revokedAt?.toISOString() ?? null,
    })),
  };
}
