import { Injectable } from '@nestjs/common';
import type { ChatCaller } from '../auth/chat-caller.js';
import { historyAccess } from '../streams/stream-access.js';
import type { StreamEntity } from '../streams/stream.entity.js';
import { StreamsRepository } from '../streams/streams.repository.js';
import type { UserEntity } from '../users/user.entity.js';
import { UsersRepository } from '../users/users.repository.js';
import { MessageFlag } from './message-flags.js';
import { MessagesRepository } from './messages.repository.js';
import { badNarrow, canonicalOperator, type NarrowTerm } from './narrow.js';

// A message seen without a copy of one's own (history of a public channel) counts as read.
export const HISTORICAL_FLAGS = MessageFlag.read | MessageFlag.historical;
export const FLAGS_SQL = `COALESCE(um."flags", ${HISTORICAL_FLAGS})`;

// A narrow turned into SQL over `m` (message) left-joined with `um` (the caller's copy).
// `withHistory`: the narrow is one channel whose whole history the caller may read, so messages
// without a copy count; otherwise only the caller's copies do.
export interface MessageFilter {
  readonly conditions: string[];
  readonly params: unknown[];
  readonly withHistory: boolean;
}

@Injectable()
export class MessageFilterBuilder {
  constructor(
    private readonly streams: StreamsRepository,
    private readonly users: UsersRepository,
    private readonly messages: MessagesRepository,
  ) {}

  async build(caller: ChatCaller, narrow: readonly NarrowTerm[]): Promise<MessageFilter> {
    const params: unknown[] = [caller.user.id, caller.realm.id];
    const conditions: string[] = ['m."realm_id" = $2'];
    let withHistory = false;
    const bind = (value: unknown) => `$${params.push(value)}`;
    for (const term of narrow) {
      const operator = canonicalOperator(term.operator);
      let condition: string;
      if (operator === 'channel') {
        const stream = await this.stream(caller, term.operand);
        const access = await this.access(caller, stream);
        if (access === 'none') throw badNarrow('unknown channel');
        if (access === 'all' && !term.negated) withHistory = true;
        condition = `m."recipient_id" = ${bind(stream.recipientId)}`;
      } else if (operator === 'topic') {
        condition = `m."topic_key" = ${bind(text(term.operand, 'topic').toLowerCase())}`;
      } else if (operator === 'dm') {
        condition = await this.direct(caller, term.operand, bind);
      } else if (operator === 'dm-including') {
        const [user] = await this.usersOf(caller, term.operand);
        condition = `m."stream_id" IS NULL AND EXISTS (SELECT 1 FROM "chat"."recipient" r WHERE r."id" = m."recipient_id" AND ${bind(user!.id)} = ANY(r."user_ids"))`;
      } else if (operator === 'sender') {
        const sender = term.operand === 'me' ? caller.user : (await this.usersOf(caller, term.operand))[0]!;
        condition = `m."sender_id" = ${bind(sender.id)}`;
      } else if (operator === 'is') {
        condition = isCondition(term.operand);
      } else if (operator === 'search') {
        const words = text(term.operand, 'search').split(/\s+/).filter(Boolean);
        condition =
          words.length === 0
            ? 'TRUE'
            : words
                .map(
                  (word) =>
                    `(m."content" ILIKE ${bind(`%${escapeLike(word)}%`)} OR m."topic" ILIKE ${bind(`%${escapeLike(word)}%`)})`,
                )
                .join(' AND ');
      } else if (operator === 'id') {
        condition = `m."id" = ${bind(integer(term.operand, 'id'))}`;
      } else if (operator === 'has') {
        condition = hasCondition(term.operand);
      } else {
        throw badNarrow('unknown operator');
      }
      conditions.push(term.negated ? `NOT (${condition})` : `(${condition})`);
    }
    return { conditions, params, withHistory };
  }

  private async stream(caller: ChatCaller, operand: unknown): Promise<StreamEntity> {
    const stream =
      typeof operand === 'number'
        ? await this.streams.findById(caller.realm.id, operand)
        : typeof operand === 'string'
          ? /^\d+$/.test(operand)
            ? await this.streams.findById(caller.realm.id, Number(operand))
            : await this.streams.findByName(caller.realm.id, operand)
          : null;
    if (!stream) throw badNarrow('unknown channel');
    return stream;
  }

  private async access(caller: ChatCaller, stream: StreamEntity) {
    const subscription = await this.streams.subscription(caller.user.id, stream.id);
    return historyAccess(caller.user, stream, subscription?.active === true);
  }

  private async direct(
    caller: ChatCaller,
    operand: unknown,
    bind: (value: unknown) => string,
  ): Promise<string> {
    const users = await this.usersOf(caller, operand);
    const ids = [...new Set([caller.user.id, ...users.map((user) => user.id)])].sort((a, b) => a - b);
    const recipient = await this.messages.findRecipientByKey(caller.realm.id, `dm:${ids.join(',')}`);
    return recipient ? `m."recipient_id" = ${bind(recipient.id)}` : 'FALSE';
  }

  // Users given as ids, emails, a comma-separated email list, or one of either.
  private async usersOf(caller: ChatCaller, operand: unknown): Promise<UserEntity[]> {
    const items = Array.isArray(operand)
      ? operand
      : typeof operand === 'string'
        ? operand
            .split(',')
            .map((email) => email.trim())
            .filter(Boolean)
        : [operand];
    const users: UserEntity[] = [];
    for (const item of items) {
      const user =
        typeof item === 'number'
          ? await this.users.findById(caller.realm.id, item)
          : typeof item === 'string'
            ? await this.users.findByEmail(caller.realm.id, item)
            : null;
      if (!user) throw badNarrow('unknown user');
      users.push(user);
    }
    if (users.length === 0) throw badNarrow('unknown user');
    return users;
  }
}

function isCondition(operand: unknown): string {
  switch (operand) {
    case 'starred':
      return `(${FLAGS_SQL} & ${MessageFlag.starred}) <> 0`;
    case 'mentioned':
      return `(${FLAGS_SQL} & ${MessageFlag.mentioned | MessageFlag.stream_wildcard_mentioned | MessageFlag.topic_wildcard_mentioned}) <> 0`;
    case 'unread':
      return `(${FLAGS_SQL} & ${MessageFlag.read}) = 0`;
    case 'alerted':
      return `(${FLAGS_SQL} & ${MessageFlag.has_alert_word}) <> 0`;
    case 'dm':
    case 'private':
      return 'm."stream_id" IS NULL';
    case 'resolved':
      return `m."topic" LIKE '✔ %'`;
    default:
      throw badNarrow("unknown 'is' operand");
  }
}

function hasCondition(operand: unknown): string {
  switch (operand) {
    case 'link':
      return `m."rendered_content" LIKE '%<a %'`;
    case 'image':
      return `m."rendered_content" LIKE '%<img %'`;
    case 'attachment':
      return `m."content" LIKE '%/user_uploads/%'`;
    case 'reaction':
      return 'FALSE';
    default:
      throw badNarrow("unknown 'has' operand");
  }
}

function text(operand: unknown, operator: string): string {
  if (typeof operand !== 'string') throw badNarrow(`invalid ${operator} operand`);
  return operand;
}

function integer(operand: unknown, operator: string): number {
  const value = typeof operand === 'string' && /^\d+$/.test(operand) ? Number(operand) : operand;
  if (typeof value !== 'number' || !Number.isInteger(value)) throw badNarrow(`invalid ${operator} operand`);
  return value;
}

function escapeLike(word: string): string {
  return word.replace(/[\\%_]/g, (char) => `\\${char}`);
}
