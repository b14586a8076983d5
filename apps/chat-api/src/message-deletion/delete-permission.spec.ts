import { describe, expect, it } from '@jest/globals';
import {
  DELETE_LIMIT_PASSED,
  type DeleteFacts,
  deleteRefusal,
  NO_DELETE_PERMISSION,
} from './delete-permission.js';

const own: DeleteFacts = {
  canDeleteAny: false,
  ownOrOwnBots: true,
  canDeleteOwn: true,
  ageSeconds: 10,
  limitSeconds: 600,
};

describe('deleteRefusal (validate_can_delete_message)', () => {
  it('lets the sender delete within the limit, and at its last second', () => {
    expect(deleteRefusal(own)).toBeNull();
    expect(deleteRefusal({ ...own, ageSeconds: 600 })).toBeNull();
  });

  it('refuses the sender past the limit, unless the realm has none', () => {
    expect(deleteRefusal({ ...own, ageSeconds: 601 })).toBe(DELETE_LIMIT_PASSED);
    expect(deleteRefusal({ ...own, ageSeconds: 10 ** 9, limitSeconds: null })).toBeNull();
  });

  it("refuses someone else's message, and one's own without can_delete_own_message_group", () => {
    expect(deleteRefusal({ ...own, ownOrOwnBots: false })).toBe(NO_DELETE_PERMISSION);
    expect(deleteRefusal({ ...own, canDeleteOwn: false })).toBe(NO_DELETE_PERMISSION);
  });

  it('lets can_delete_any_message_group delete anything at any time', () => {
    expect(
      deleteRefusal({ ...own, canDeleteAny: true, ownOrOwnBots: false, ageSeconds: 10 ** 9 }),
    ).toBeNull();
  });
});
