import { describe, expect, it } from '@jest/globals';
import { type UserEntity, UserRole } from '../core/accounts/user.entity.js';
import { canAdminister, dummyEmailUserId } from './user-access.js';

describe('dummyEmailUserId', () => {
  it("reads the id of user{id}@{the realm's host}, and nothing else", () => {
    expect(dummyEmailUserId('user42@chat.example.com', 'https://chat.example.com:8443')).toBe(42);
    expect(dummyEmailUserId('user42@chat.example.com', 'https://other.example.com')).toBeNull();
    // The host's dots are dots, not "any character".
    expect(dummyEmailUserId('user42@chatXexample.com', 'https://chat.example.com')).toBeNull();
    expect(dummyEmailUserId('user42@chat.example.com.evil', 'https://chat.example.com')).toBeNull();
    expect(dummyEmailUserId('ann@chat.example.com', 'https://chat.example.com')).toBeNull();
    expect(dummyEmailUserId('userx@chat.example.com', 'https://chat.example.com')).toBeNull();
  });
});

describe('canAdminister', () => {
  const account = (id: number, role: UserRole, botOwnerId: number | null = null) =>
    ({ id, role, botOwnerId }) as UserEntity;

  it("lets administrators and owners administer anyone, and a bot's owner their bot", () => {
    expect(canAdminister(account(1, UserRole.ADMINISTRATOR), account(2, UserRole.OWNER))).toBe(true);
    expect(canAdminister(account(1, UserRole.OWNER), account(2, UserRole.MEMBER))).toBe(true);
    expect(canAdminister(account(1, UserRole.MEMBER), account(3, UserRole.MEMBER, 1))).toBe(true);
    expect(canAdminister(account(1, UserRole.MODERATOR), account(2, UserRole.MEMBER))).toBe(false);
    expect(canAdminister(account(1, UserRole.MEMBER), account(3, UserRole.MEMBER, 2))).toBe(false);
  });
});
