import { Injectable } from '@nestjs/common';
import type { ChatCaller } from '../core/http/chat-caller.js';
import { type PreparedMessage, SendMessageUseCase } from '../messages/send-message.use-case.js';
import {
  type GroupMembershipChange,
  type GroupMembershipListener,
  ListensToGroupMembership,
  type MembershipFollowUp,
} from '../user-groups/group-membership-hooks.js';
import { UsersRepository } from '../users/users.repository.js';

// Zulip's notify_for_user_group_subscription_changes: the Notification Bot tells each person
// someone else added to a group, or removed from it, by direct message (bots and the acting
// user are not told), prepared before the change and committed with it.
@Injectable()
@ListensToGroupMembership()
export class GroupMembershipNoticesListener implements GroupMembershipListener {
  constructor(
    private readonly users: UsersRepository,
    private readonly sendMessage: SendMessageUseCase,
  ) {}

  // The users are those the request names (bots, the caller and deactivated accounts left
  // out): if the change is refused, nothing is written.
  async prepare(caller: ChatCaller, change: GroupMembershipChange): Promise<MembershipFollowUp> {
    const botId = caller.realm.notificationBotId;
    const bot = botId ? await this.users.findById(caller.realm.id, botId) : null;
    if (!bot) return () => Promise.resolve();
    const recipients = (await this.users.findManyByIds(caller.realm.id, change.userIds)).filter(
      (user) => user.id !== caller.user.id && user.botType === null && user.isActive,
    );
    const content = noticeText(caller, change);
    const messages: PreparedMessage[] = [];
    for (const recipient of recipients)
      messages.push(
        await this.sendMessage.prepare(
          { user: bot, realm: caller.realm },
          {
            type: 'direct',
            to: JSON.stringify([recipient.id]),
            topic: undefined,
            content,
            readBySender: true,
            client: 'Internal',
          },
        ),
      );
    return async (tx) => {
      if (messages.length > 0) await this.sendMessage.write(tx, messages);
    };
  }
}

function noticeText({ user }: ChatCaller, change: GroupMembershipChange): string {
  const actor = `@_**${user.fullName}|${user.id}**`;
  const group = `@_*${change.groupName}*`;
  return change.change === 'added'
    ? `${actor} added you to the group ${group}.`
    : `${actor} removed you from the group ${group}.`;
}
