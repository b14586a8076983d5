import { describe, expect, it } from '@jest/globals';
import type { UserEntity } from '../core/accounts/user.entity.js';
import { descriptionNotice, permissionNotice, policyName, renameNotice } from './channel-notices.js';

const ada = { id: 7, fullName: 'Ada Admin' } as UserEntity;

describe('channel notices', () => {
  it('names the four policies of a channel that is not web-public as Zulip does', () => {
    expect(policyName({ inviteOnly: false, historyPublicToSubscribers: true })).toBe('Public');
    expect(policyName({ inviteOnly: false, historyPublicToSubscribers: false })).toBe(
      'Public, protected history',
    );
    expect(policyName({ inviteOnly: true, historyPublicToSubscribers: true })).toBe(
      'Private, shared history',
    );
    expect(policyName({ inviteOnly: true, historyPublicToSubscribers: false })).toBe(
      'Private, protected history',
    );
  });

  it('mentions the actor silently', () => {
    expect(renameNotice(ada, 'old', 'new')).toBe('@_**Ada Admin|7** renamed channel **old** to **new**.');
    expect(permissionNotice(ada, 'Public', 'Private, shared history')).toBe(
      '@_**Ada Admin|7** changed the [access permissions](/help/channel-permissions) for this channel ' +
        'from **Public** to **Private, shared history**.',
    );
  });

  it('quotes both descriptions, an empty one as *No description.*', () => {
    expect(descriptionNotice(ada, '', 'Now **this**')).toBe(
      '@_**Ada Admin|7** changed the description for this channel.\n\n' +
        '* **Old description:**\n```` quote\n*No description.*\n````\n' +
        '* **New description:**\n```` quote\nNow **this**\n````',
    );
  });
});
