import { describe, expect, it } from '@jest/globals';
import { copyChanges } from './channel-move.js';

const oldChannel = [
  { userId: 1, guest: false },
  { userId: 2, guest: false },
  { userId: 3, guest: true },
];

describe('copyChanges (do_update_message moving to another channel)', () => {
  it('takes copies from those not in the new public channel; only guests lose access', () => {
    expect(copyChanges(oldChannel, [1, 4], { inviteOnly: false, historyPublicToSubscribers: true })).toEqual({
      losingCopies: [2, 3],
      losingAccess: [3],
      gainingCopies: [],
    });
  });

  it('into a private channel, everyone not subscribed loses access', () => {
    expect(copyChanges(oldChannel, [1], { inviteOnly: true, historyPublicToSubscribers: true })).toEqual({
      losingCopies: [2, 3],
      losingAccess: [2, 3],
      gainingCopies: [],
    });
  });

  it('gives every subscriber of a channel with protected history a copy', () => {
    expect(
      copyChanges(oldChannel, [1, 5], { inviteOnly: true, historyPublicToSubscribers: false }).gainingCopies,
    ).toEqual([1, 5]);
  });
});
