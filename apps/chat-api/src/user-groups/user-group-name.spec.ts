import { describe, expect, it } from '@jest/globals';
import { checkUserGroupName } from './user-group-name.js';

describe('user group names', () => {
  it('keeps a valid name as given', () => {
    expect(checkUserGroupName(' support ')).toBe(' support ');
    expect(checkUserGroupName('x'.repeat(100))).toHaveLength(100);
  });

  it("refuses Zulip's invalid names", () => {
    expect(() => checkUserGroupName('  ')).toThrow("User group name can't be empty!");
    expect(() => checkUserGroupName('x'.repeat(101))).toThrow(
      'User group name cannot exceed 100 characters.',
    );
    for (const prefix of ['@', 'role:', 'user:', 'stream:', 'channel:'])
      expect(() => checkUserGroupName(`${prefix}team`)).toThrow(
        `User group name cannot start with '${prefix}'.`,
      );
  });
});
