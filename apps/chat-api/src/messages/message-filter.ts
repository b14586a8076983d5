import { Injectable } from '@nestjs/common';
import type { ChatCaller } from '../core/http/chat-caller.js';
import { historyAccess } from '../streams/stream-access.js';
import type { StreamEntity } from '../streams/stream.entity.js';
import { StreamsRepository } from '../streams/streams.repository.js';
import { type UserEntity, UserRole } from '../core/accounts/user.entity.js';
import { UsersRepository } from '../users/users.repository.js';
import { MAX_STORED_ID } from '../core/http/stored-id.js';
import { MessageFlag } from '../core/database/message-flags.js';
import { MessagesRepository } from './messages.repository.js';
import { badNarrow, canonicalOperator, type NarrowTerm } from './narrow.js';
import { SEARCH_CONFIG, searchTerms } from './message-search.js';

// A message seen without a copy of one's own (history of a public channel) counts as read.
export const HISTORICAL_FLAGS = MessageFlag.read | MessageFlag.historical;
export const FLAGS_SQL = `COALESCE(um."flags", ${HISTORICAL_FLAGS})`;

// A narrow turned into SQL over `m` (message) left-joined with `um` (the caller's copy).
// `withHistory`: the narrow is one channel whose whole history the caller may read, so messages
// without a copy count; otherwise only the caller's copies do. `searchWords`: the words of the
// narrow's search terms, whose matches results show (empty without a search).
export interface MessageFilter {
  readonly conditions: string[];
  readonly params: unknown[];
  readonly withHistory: boolean;
  readonly searchWords: readonly string[];
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
    const searchOperands: string[] = [];
    const kinds = new Set<'channel' | 'dm'>();
    const bind = (value: unknown) => `$${params.push(value)}`;
    for (const term of narrow) {
      const operator = canonicalOperator(term.operator);
      // Zulip's add_narrow_conditions joins every search term into one, applied last and never
      // negated.
      if (operator === 'search') {
        searchOperands.push(text(term.operand));
        continue;
      }
      const kind = conversationKind(operator, term);
      if (kind) {
        kinds.add(kind);
        if (kinds.size === 2) throw badNarrow('No message can be both a channel message and direct message');
      }
      let condition: string;
      if (operator === 'channel') {
        // A channel the caller may not read still narrows (Zulip looks it up unchecked): only the
        // copies they hold, from when they were subscribed, are found.
        const stream = await this.stream(caller, term.operand);
        if (!term.negated && (await this.access(caller, stream)) === 'all') withHistory = true;
        condition = `m."recipient_id" = ${bind(stream.recipientId)}`;
      } else if (operator === 'channels') {
        if (!term.negated && caller.user.role !== UserRole.GUEST) withHistory = true;
        condition = channelsCondition(term.operand);
      } else if (operator === 'topic') {
        condition = `m."topic_key" = ${bind(text(term.operand).toLowerCase())}`;
      } else if (operator === 'dm') {
        condition = await this.direct(caller, term.operand, bind);
      } else if (operator === 'dm-including') {
        const user = await this.user(caller, term.operand);
        condition = `m."stream_id" IS NULL AND EXISTS (SELECT 1 FROM "chat"."recipient" r WHERE r."id" = m."recipient_id" AND ${bind(user!.id)} = ANY(r."user_ids"))`;
      } else if (operator === 'sender') {
        // No `me` here: Zulip's web client turns sender:me into an email before asking.
        const sender = await this.user(caller, term.operand);
        condition = `m."sender_id" = ${bind(sender.id)}`;
      } else if (operator === 'is') {
        condition = isCondition(term.operand);
      } else if (operator === 'id') {
        condition = `m."id" = ${bind(messageId(term.operand))}`;
      } else if (operator === 'has') {
        condition = hasCondition(term.operand);
      } else if (operator === 'in') {
        condition = inCondition(term.operand);
      } else if (operator === 'near') {
        // Zulip's by_near: a client-side notion, no condition.
        condition = 'TRUE';
      } else {
        throw badNarrow(`unknown operator ${term.operator}`);
      }
      conditions.push(term.negated ? `NOT (${condition})` : `(${condition})`);
    }
    // Search operands are never blank (narrowShape): every word must be in the topic or the
    // rendered content (message-search.ts).
    const search = searchTerms(searchOperands);
    if (searchOperands.length > 0) {
      conditions.push(`m."search_tsvector" @@ to_tsquery('${SEARCH_CONFIG}', ${bind(search.tsquery)})`);
    }
    for (const phrase of search.phrases) {
      const like = bind(`%${escapeLike(phrase)}%`);
      conditions.push(`(m."content" ILIKE ${like} OR m."topic" ILIKE ${like})`);
    }
    // Zulip's ok_to_include_history: flags only exist on copies, so an `is` term (but
    // is:resolved) reads the caller's copies alone.
    if (narrow.some((term) => term.operator === 'is' && term.operand !== 'resolved')) withHistory = false;
    return { conditions, params, withHistory, searchWords: search.words };
  }

  private async stream(caller: ChatCaller, operand: unknown): Promise<StreamEntity> {
    const id = typeof operand === 'string' && /^\d+$/.test(operand) ? Number(operand) : operand;
    const stream =
      typeof id === 'number'
        ? await this.streams.findById(caller.realm.id, id)
        : await this.streams.findByName(caller.realm.id, String(operand));
    if (!stream) throw badNarrow(`unknown channel ${String(operand)}`);
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
    if (!users) throw badNarrow(`unknown user in ${pythonStr(operand)}`);
    // Zulip's by_dm: an empty list of users finds nothing.
    if (users.length === 0) return 'FALSE';
    const ids = [...new Set([caller.user.id, ...users.map((user) => user.id)])].sort((a, b) => a - b);
    const recipient = await this.messages.findRecipientByKey(caller.realm.id, `dm:${ids.join(',')}`);
    return recipient ? `m."recipient_id" = ${bind(recipient.id)}` : 'FALSE';
  }

  // One user by id or email (sender, dm-including): Zulip's `unknown user <operand>`.
  private async user(caller: ChatCaller, operand: unknown): Promise<UserEntity> {
    const user = await this.lookUp(caller, operand);
    if (!user) throw badNarrow(`unknown user ${String(operand)}`);
    return user;
  }

  // The users of a `dm` operand: a list of ids, or a comma-separated list of emails (an empty
  // piece is an unknown user); null when one of them is unknown.
  private async usersOf(caller: ChatCaller, operand: unknown): Promise<UserEntity[] | null> {
    const items = Array.isArray(operand)
      ? operand
      : typeof operand === 'string'
        ? operand.split(',').map((email) => email.trim())
        : [operand];
    const users: UserEntity[] = [];
    for (const item of items) {
      const user = await this.lookUp(caller, item);
      if (!user) return null;
      users.push(user);
    }
    return users;
  }

  private lookUp(caller: ChatCaller, item: unknown): Promise<UserEntity | null> {
    if (typeof item === 'number') return this.users.findById(caller.realm.id, item);
    if (typeof item === 'string') return this.users.findByEmail(caller.realm.id, item);
    return Promise.resolve(null);
  }
}

// Zulip's check_not_both_channel_and_dm_narrow: which kind of conversation a term confines the
// narrow to (negated terms confine nothing, except that not is:dm means a channel).
function conversationKind(operator: string, term: NarrowTerm): 'channel' | 'dm' | null {
  if (operator === 'is' && (term.operand === 'dm' || term.operand === 'private'))
    return term.negated ? 'channel' : 'dm';
  if (term.negated) return null;
  if (operator === 'channel' || operator === 'channels' || operator === 'topic') return 'channel';
  if (operator === 'dm' || operator === 'dm-including') return 'dm';
  return null;
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
    case 'followed':
      return `EXISTS (${userTopicOf(FOLLOWED_POLICIES)})`;
    default:
      throw badNarrow(`unknown 'is' operand ${String(operand)}`);
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
      throw badNarrow(`unknown 'has' operand ${String(operand)}`);
  }
}

// The caller's topic visibility policies (user_topic, the user-topics feature's table): muted 1,
// unmuted 2, followed 3.
const MUTED_POLICIES = '1';
const UNMUTING_POLICIES = '2, 3';
const FOLLOWED_POLICIES = '3';

// A subquery finding the caller's policy, among `policies`, for the message's topic.
function userTopicOf(policies: string): string {
  return `SELECT 1 FROM "chat"."user_topic" ut WHERE ut."user_id" = $1 AND ut."stream_id" = m."stream_id" AND ut."topic_key" = m."topic_key" AND ut."visibility_policy" IN (${policies})`;
}

// Zulip's by_in: `home` leaves out muted topics, and muted channels but for the topics unmuted
// or followed in them (exclude_muting_conditions); `all` is everything.
function inCondition(operand: unknown): string {
  switch (operand) {
    case 'home':
      return `NOT EXISTS (${userTopicOf(MUTED_POLICIES)}) AND NOT (EXISTS (SELECT 1 FROM "chat"."subscription" s WHERE s."user_id" = $1 AND s."stream_id" = m."stream_id" AND s."is_muted") AND NOT EXISTS (${userTopicOf(UNMUTING_POLICIES)}))`;
    case 'all':
      return 'TRUE';
    default:
      throw badNarrow(`unknown 'in' operand ${String(operand)}`);
  }
}

// Zulip's by_channels: every public channel whose history is public (no web-public channels
// exist here).
function channelsCondition(operand: unknown): string {
  switch (operand) {
    case 'public':
      return `m."recipient_id" IN (SELECT s."recipient_id" FROM "chat"."stream" s WHERE s."realm_id" = $2 AND NOT s."invite_only" AND s."history_public_to_subscribers")`;
    case 'web-public':
      return 'FALSE';
    default:
      throw badNarrow(`unknown channels operand ${String(operand)}`);
  }
}

// Topic and search operands are strings: narrowShape checked them.
function text(operand: unknown): string {
  return String(operand);
}

// Zulip's by_id: the operand's text must be all digits.
function messageId(operand: unknown): number {
  const digits = String(operand);
  if (!/^\d+$/.test(digits) || Number(digits) > MAX_STORED_ID) throw badNarrow('Invalid message ID');
  return Number(digits);
}

// Python's str() of a `dm` operand: a list of ids prints as `[1, 2]`.
function pythonStr(operand: unknown): string {
  return Array.isArray(operand) ? `[${operand.map(String).join(', ')}]` : String(operand);
}

function escapeLike(word: string): string {
  return word.replace(/[\\%_]/g, (char) => `\\${char}`);
}
