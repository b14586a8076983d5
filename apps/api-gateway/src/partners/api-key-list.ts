import type { ApiKeyEntity } from './api-key.entity.js';
import type { ListPageRequestDto } from './list-page.request.dto.js';
import type { ApiKeyListResponseDto } from './ops-partners.response.dto.js';

// A page of a partner's keys as operators and the partner itself see them: never the key or its
// hash.
export function apiKeyListOf(
  { page, pageSize }: ListPageRequestDto,
  [keys, total]: readonly [readonly ApiKeyEntity[], number],
): ApiKeyListResponseDto {
  return {
    page,
    pageSize,
    total,
    keys: keys.map((key) => ({
      keyId: key.id,
      displayPrefix: key.displayPrefix,
      createdAt: key.createdAt.toISOString(),
      revokedAt: key.revokedAt?.toISOString() ?? null,
    })),
  };
}
