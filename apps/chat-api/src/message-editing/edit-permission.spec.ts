import { describe, expect, it } from '@jest/globals';
import {
  CHANNEL_LIMIT_PASSED,
  changeAllRefusal,
  channelMoveRefusal,
  contentEditRefusal,
  EDIT_LIMIT_PASSED,
  NO_EDIT_PERMISSION,
  NO_MOVE_PERMISSION,
  NO_RESOLVE_PERMISSION,
  TOPIC_LIMIT_PASSED,
  topicMoveRefusal,
} from './edit-permission.js';

describe('contentEditRefusal (validate_user_can_edit_message)', () => {
  const own = { isSender: true, ageSeconds: 10, limitSeconds: 600 };

  it('lets the sender edit up to the limit and its 20-second buffer', () => {
    expect(contentEditRefusal(own)).toBeNull();
    expect(contentEditRefusal({ ...own, ageSeconds: 620 })).toBeNull();
    expect(contentEditRefusal({ ...own, ageSeconds: 621 })).toBe(EDIT_LIMIT_PASSED);
    expect(contentEditRefusal({ ...own, ageSeconds: 10 ** 9, limitSeconds: null })).toBeNull();
  });

  it("refuses anyone else's content edit", () => {
    expect(contentEditRefusal({ ...own, isSender: false })).toBe(NO_EDIT_PERMISSION);
  });
});

describe('topicMoveRefusal (can_edit_topic, can_resolve_topics)', () => {
  const move = {
    resolving: false,
    canResolve: true,
    canMoveTopics: true,
    isModerator: false,
    ageSeconds: 10,
    limitSeconds: 604800,
  };

  it('lets a member of can_move_messages_between_topics_group move within the limit', () => {
    expect(topicMoveRefusal(move)).toBeNull();
    expect(topicMoveRefusal({ ...move, canMoveTopics: false })).toBe(NO_EDIT_PERMISSION);
    expect(topicMoveRefusal({ ...move, ageSeconds: 604821 })).toBe(TOPIC_LIMIT_PASSED);
  });

  it('exempts moderators from the time limit', () => {
    expect(topicMoveRefusal({ ...move, isModerator: true, ageSeconds: 10 ** 9 })).toBeNull();
  });

  it('judges a resolution by can_resolve_topics_group alone, at any age', () => {
    const resolve = { ...move, resolving: true, canMoveTopics: false, ageSeconds: 10 ** 9 };
    expect(topicMoveRefusal(resolve)).toBeNull();
    expect(topicMoveRefusal({ ...resolve, canResolve: false })).toBe(NO_RESOLVE_PERMISSION);
  });
});

describe('changeAllRefusal (check_time_limit_for_change_all_propagate_mode)', () => {
  const week = 604800;

  it('lets a whole topic move when every message is within the limit, or there is none', () => {
    expect(changeAllRefusal([{ id: 1, ageSeconds: 10 }], week)).toBeNull();
    expect(changeAllRefusal([{ id: 1, ageSeconds: 10 ** 9 }], null)).toBeNull();
  });

  it('names how many of the most recent messages could move', () => {
    const refusal = changeAllRefusal(
      [
        { id: 4, ageSeconds: week + 21 },
        { id: 6, ageSeconds: week + 20 },
        { id: 9, ageSeconds: 5 },
      ],
      week,
    );
    expect(refusal?.code).toBe('MOVE_MESSAGES_TIME_LIMIT_EXCEEDED');
    expect(refusal?.message).toBe(
      'You only have permission to move the 2/3 most recent messages in this topic.',
    );
    expect(refusal?.extra).toEqual({
      first_message_id_allowed_to_move: 6,
      total_messages_in_topic: 3,
      total_messages_allowed_to_move: 2,
    });
  });
});

describe('channelMoveRefusal (can_move_messages_out_of_channel)', () => {
  const move = { canMoveBetweenChannels: true, isModerator: false, ageSeconds: 10, limitSeconds: 604800 };

  it('needs can_move_messages_between_channels_group, and the limit but for moderators', () => {
    expect(channelMoveRefusal(move)).toBeNull();
    expect(channelMoveRefusal({ ...move, canMoveBetweenChannels: false })).toBe(NO_MOVE_PERMISSION);
    expect(channelMoveRefusal({ ...move, ageSeconds: 604821 })).toBe(CHANNEL_LIMIT_PASSED);
    expect(channelMoveRefusal({ ...move, ageSeconds: 604821, isModerator: true })).toBeNull();
  });
});
