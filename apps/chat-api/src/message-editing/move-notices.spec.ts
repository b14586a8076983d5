import { describe, expect, it } from '@jest/globals';
import {
  isResolutionNotice,
  type MoveFacts,
  newTopicNotice,
  oldTopicNotice,
  resolutionNotice,
  silentMention,
} from './move-notices.js';

const facts: MoveFacts = {
  actor: silentMention({ fullName: 'Ann Lee', id: 8 }),
  movedCount: 1,
  movedWholeTopic: false,
  destinationWasEmpty: true,
  oldLocation: '#**room>plans**',
  newLocation: '#**room>ideas**',
  movedMessageUrl: 'http://x/#narrow/channel/1-room/topic/ideas/near/5',
};

describe('move notices (do_update_message, maybe_send_resolve_topic_notifications)', () => {
  it('announces a resolution silently naming the actor', () => {
    expect(resolutionNotice(facts.actor, true)).toBe('@_**Ann Lee|8** has marked this topic as resolved.');
    expect(resolutionNotice(facts.actor, false)).toBe('@_**Ann Lee|8** has marked this topic as unresolved.');
  });

  it('recognizes its own resolution notices, and nothing else', () => {
    expect(isResolutionNotice(resolutionNotice(facts.actor, true))).toBe(true);
    expect(isResolutionNotice(resolutionNotice(facts.actor, false))).toBe(true);
    expect(isResolutionNotice('This topic was moved here from #**room>plans** by @_**Ann Lee|8**.')).toBe(
      false,
    );
    expect(isResolutionNotice('@_**Ann Lee|8** has marked this topic as resolved. Really.')).toBe(false);
  });

  it('tells the old topic what left it', () => {
    expect(oldTopicNotice({ ...facts, movedWholeTopic: true, movedCount: 3 })).toBe(
      'This topic was moved to #**room>ideas** by @_**Ann Lee|8**.',
    );
    expect(oldTopicNotice(facts)).toBe(
      'A message was moved from this topic to #**room>ideas** by @_**Ann Lee|8**.',
    );
    expect(oldTopicNotice({ ...facts, movedCount: 2 })).toBe(
      '2 messages were moved from this topic to #**room>ideas** by @_**Ann Lee|8**.',
    );
  });

  it('tells the new topic what arrived, linking a single message', () => {
    expect(newTopicNotice({ ...facts, movedWholeTopic: true })).toBe(
      'This topic was moved here from #**room>plans** by @_**Ann Lee|8**.',
    );
    expect(
      newTopicNotice({ ...facts, movedWholeTopic: true, destinationWasEmpty: false, movedCount: 4 }),
    ).toBe('4 messages were moved here from #**room>plans** by @_**Ann Lee|8**.');
    expect(newTopicNotice(facts)).toBe(
      '[A message](http://x/#narrow/channel/1-room/topic/ideas/near/5) was moved here from #**room>plans** by @_**Ann Lee|8**.',
    );
  });
});
