import type { ReactionEntity } from './reaction.entity.js';

// A reaction as a message payload lists it (feature level 328: no `user` object).
export function reactionRow(reaction: ReactionEntity) {
  return {
    emoji_name: reaction.emojiName,
    emoji_code: reaction.emojiCode,
    reaction_type: reaction.reactionType,
    user_id: reaction.userId,
  };
}

export type ReactionRow = ReturnType<typeof reactionRow>;
