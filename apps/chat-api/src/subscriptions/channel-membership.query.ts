import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ChatCaller } from '../core/http/chat-caller.js';
import { StreamsRepository } from '../streams/streams.repository.js';
import { UserAccess } from '../users/user-access.js';
import { accessChannelById } from '../streams/channel-access.js';

// Who is in a channel: GET /streams/{stream_id}/members and
// GET /users/{user_id}/subscriptions/{stream_id}.
@Injectable()
export class ChannelMembershipQuery {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly streams: StreamsRepository,
    private readonly users: UserAccess,
  ) {}

  // Zulip's get_subscribers_backend: a channel the caller may see; its active subscribers whose
  // accounts are active, by id.
  async subscribers(caller: ChatCaller, streamId: number) {
    const { stream } = await accessChannelById(this.streams, caller, streamId, 'metadata');
    const rows = (await this.dataSource.query(
      `SELECT sub."user_id" AS "id" FROM "chat"."subscription" sub
         JOIN "chat"."user_profile" u ON u."id" = sub."user_id"
       WHERE sub."stream_id" = $1 AND sub."active" AND u."is_active"
       ORDER BY sub."user_id"`,
      [stream.id],
    )) as Array<{ id: number }>;
    return { subscribers: rows.map((row) => row.id) };
  }

  // Zulip's get_subscription_backend: the user first (a human, active, of the caller's realm),
  // then the channel (one the caller may see).
  async isSubscribed(caller: ChatCaller, userId: number, streamId: number) {
    const user = await this.users.byId(caller, userId, { forAdmin: false });
    const { stream } = await accessChannelById(this.streams, caller, streamId, 'metadata');
    const subscription = await this.streams.subscription(user.id, stream.id);
    return { is_subscribed: subscription?.active === true };
  }
}
