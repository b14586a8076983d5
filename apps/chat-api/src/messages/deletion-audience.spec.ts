import { describe, expect, it } from '@jest/globals';
import { deletionAudience } from './deletion-audience.js';

const holders = [
  { userId: 1, guest: false },
  { userId: 2, guest: false },
  { userId: 7, guest: true },
  { userId: 9, guest: false },
];

describe('deletionAudience (event_recipient_ids_for_action_on_messages)', () => {
  it("tells a direct message's copy holders and the actor", () => {
    expect(deletionAudience(null, holders, [], 5)).toEqual([1, 2, 5, 7, 9]);
  });

  it('tells a public channel its subscribers and the non-guest holders', () => {
    const channel = { inviteOnly: false, historyPublicToSubscribers: true };
    expect(deletionAudience(channel, holders, [1, 3], 1)).toEqual([1, 2, 3, 9]);
  });

  it('tells a private channel with shared history exactly its subscribers', () => {
    const channel = { inviteOnly: true, historyPublicToSubscribers: true };
    expect(deletionAudience(channel, holders, [3, 1], 3)).toEqual([1, 3]);
  });

  it('tells a channel with protected history the subscribers holding a copy', () => {
    const channel = { inviteOnly: true, historyPublicToSubscribers: false };
    expect(deletionAudience(channel, holders, [1, 3, 7], 8)).toEqual([1, 7, 8]);
  });
});
