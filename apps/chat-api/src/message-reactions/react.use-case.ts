import { Inject, Injectable } from '@nestjs/common';
import { TransactionalOutbox } from '@platform/messaging';
import type { ChatTopics } from '@shared/contracts';
import type { ChatCaller } from '../core/http/chat-caller.js';
import { type ChatTransaction, publishChatEvent } from '../core/events/chat-event.publisher.js';
import { ChatError, ChatErrorCode } from '../core/http/chat.error.js';
import { MessageAccess } from '../messages/message-access.js';
import type { MessageEntity } from '../messages/message.entity.js';
import { CustomEmojiCatalog } from '../realm-emoji/custom-emoji-catalog.js';
import type { ReactionEntity } from '../reactions/reaction.entity.js';
import { type ReactionKey, ReactionsRepository } from '../reactions/reactions.repository.js';
import { type ReactedChannel, ReactionAudienceRepository } from './reaction-audience.repository.js';

export interface AddReactionCommand {
  readonly emojiName: string;
  readonly emojiCode: string | undefined;
  readonly reactionType: string | undefined;
}

export interface RemoveReactionCommand {
  readonly emojiName: string | undefined;
  readonly emojiCode: string | undefined;
  readonly reactionType: string;
}

interface Reacted {
  readonly message: MessageEntity;
  readonly channel: ReactedChannel | null;
}

// Zulip's check_add_reaction and remove_reaction: a reaction to a message the caller may access
// (not in an archived channel: reacting modifies the message), announced by a `reaction` event
// to everyone with access who holds the message (event_recipient_ids_for_action_on_messages).
// Zulip 11 sets no limit on reactions per message or per user.
@Injectable()
export class ReactUseCase {
  constructor(
    @Inject(TransactionalOutbox) private readonly outbox: TransactionalOutbox<ChatTopics>,
    private readonly access: MessageAccess,
    private readonly reactions: ReactionsRepository,
    private readonly audience: ReactionAudienceRepository,
    private readonly emoji: CustomEmojiCatalog,
  ) {}

  async add(
    caller: ChatCaller,
    messageId: number,
    command: AddReactionCommand,
  ): Promise<Record<string, never>> {
    const reacted = await this.access.forModifying(caller, messageId);
    let { emojiCode, reactionType } = command;
    if (emojiCode === undefined || reactionType === undefined) {
      const data = await this.emoji.emojiDataFor(caller.realm.id, command.emojiName);
      emojiCode ??= data.emojiCode;
      reactionType ??= data.reactionType;
    }
    const key: ReactionKey = { messageId, emojiCode, reactionType };
    await this.outbox.run(async (tx) => {
      if (await this.reactions.hasReacted(tx, caller.user.id, key)) throw reactionExists();
      // A vote for an existing reaction takes its name unchecked, so a message never shows two
      // names for one emoji; only a new emoji is validated.
      const vote = await this.reactions.findVote(tx, key);
      if (!vote)
        await this.emoji.checkEmojiRequest(
          caller.realm.id,
          command.emojiName,
          key.emojiCode,
          key.reactionType,
          tx,
        );
      const emojiName = vote?.emojiName ?? command.emojiName;
      await this.audience.ensureCopy(tx, caller.user.id, messageId);
      const reaction = { ...key, emojiName, userId: caller.user.id, realmId: caller.realm.id };
      // Lost a race with the same reaction sent twice at once.
      if (!(await this.reactions.insert(tx, reaction))) throw reactionExists();
      await this.announce(tx, caller, reacted, 'add', reaction);
    });
    return {};
  }

  async remove(
    caller: ChatCaller,
    messageId: number,
    command: RemoveReactionCommand,
  ): Promise<Record<string, never>> {
    const reacted = await this.access.forModifying(caller, messageId);
    let emojiCode = command.emojiCode;
    if (emojiCode === undefined) {
      if (command.emojiName === undefined)
        throw ChatError.badRequest(
          'At least one of the following arguments must be present: emoji_name, emoji_code',
        );
      emojiCode = (await this.emoji.emojiDataFor(caller.realm.id, command.emojiName)).emojiCode;
    }
    // No emoji validation: the stored row proves the emoji was valid when added.
    await this.outbox.run(async (tx) => {
      const removed = await this.reactions.delete(tx, caller.user.id, {
        messageId,
        emojiCode,
        reactionType: command.reactionType,
      });
      if (!removed) throw new ChatError(ChatErrorCode.REACTION_DOES_NOT_EXIST, "Reaction doesn't exist.");
      await this.announce(tx, caller, reacted, 'remove', removed);
    });
    return {};
  }

  private async announce(
    tx: ChatTransaction,
    caller: ChatCaller,
    reacted: Reacted,
    op: 'add' | 'remove',
    reaction: Pick<ReactionEntity, 'emojiName' | 'emojiCode'> & Pick<ReactionKey, 'reactionType'>,
  ): Promise<void> {
    const userIds = await this.audience.audience(tx, reacted.message.id, reacted.channel);
    await publishChatEvent(tx, {
      realmId: caller.realm.id,
      userIds,
      event: {
        type: 'reaction',
        op,
        user_id: caller.user.id,
        // Zulip 11 still sends the deprecated user object in events (feature level 339 put it
        // back; 12.0 removes it), though message payloads lost theirs at level 328.
        user: { user_id: caller.user.id, email: caller.user.email, full_name: caller.user.fullName },
        message_id: reacted.message.id,
        emoji_name: reaction.emojiName,
        emoji_code: reaction.emojiCode,
        reaction_type: reaction.reactionType,
      },
    });
  }
}

function reactionExists(): ChatError {
  return new ChatError(ChatErrorCode.REACTION_ALREADY_EXISTS, 'Reaction already exists.');
}
