import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { apiGatewayDefinition } from '@apps/api-gateway';
import { ChatActions } from './chat-actions.js';
import { type ChatAccount, ChatTestSystem } from './chat-test-system.js';

describe('GET /users/me/{stream_id}/topics through the gateway', () => {
  let system: ChatTestSystem;
  let chat: ChatActions;
  let owner: ChatAccount;
  let member: ChatAccount;
  let publicId: number;
  let protectedId: number;
  let sharedId: number;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    system = await ChatTestSystem.start(apiGatewayDefinition, { CHAT_RATE_LIMIT_REQUESTS: '1000' });
    chat = new ChatActions(system);
    owner = (await system.createRealm()).owner;
    member = await system.createUser(owner, 'topics@example.com', 'Tom Topics');
    publicId = await chat.channel(owner, 'general');
    ids['alpha'] = await chat.toChannel(owner, publicId, 'Alpha');
    ids['beta'] = await chat.toChannel(owner, publicId, 'beta');
    ids['empty'] = await chat.toChannel(owner, publicId, '(no topic)');
    ids['alpha2'] = await chat.toChannel(owner, publicId, 'ALPHA');

    protectedId = await chat.channel(owner, 'protected', [], { invite_only: 'true' });
    await chat.toChannel(owner, protectedId, 'before joining');
    await chat.subscribe(owner, 'protected', [member]);
    ids['after'] = await chat.toChannel(owner, protectedId, 'after joining');

    sharedId = await chat.channel(owner, 'shared', [], {
      invite_only: 'true',
      history_public_to_subscribers: 'true',
    });
    ids['old'] = await chat.toChannel(owner, sharedId, 'old news');
    await chat.subscribe(owner, 'shared', [member]);
  });

  afterAll(() => system.stop());

  const topics = (who: ChatAccount, streamId: number | string, query = '') =>
    chat.as(who).get(`/users/me/${streamId}/topics${query}`);

  it('lists topics most recent first, one per case-insensitive name, as the latest message spells it', async () => {
    const response = await topics(member, publicId).expect(200);
    expect(response.body).toEqual({
      result: 'success',
      msg: '',
      topics: [
        { name: 'ALPHA', max_id: ids['alpha2'] },
        { name: 'general chat', max_id: ids['empty'] },
        { name: 'beta', max_id: ids['beta'] },
        // The Notification Bot's creation notice came first.
        { name: 'channel events', max_id: ids['alpha']! - 1 },
      ],
    });
  });

  it('shows the empty topic as the empty string when allowed', async () => {
    const response = await topics(member, publicId, '?allow_empty_topic_name=true').expect(200);
    expect(response.body.topics).toContainEqual({ name: '', max_id: ids['empty'] });
  });

  it('shows a protected-history channel only from the subscription on', async () => {
    expect((await topics(member, protectedId).expect(200)).body.topics).toEqual([
      { name: 'after joining', max_id: ids['after'] },
    ]);
    expect(
      (await topics(owner, protectedId).expect(200)).body.topics.map((t: { name: string }) => t.name),
    ).toEqual(['after joining', 'before joining', 'channel events']);
  });

  it('shows a shared-history private channel whole', async () => {
    expect((await topics(member, sharedId).expect(200)).body.topics).toEqual([
      { name: 'old news', max_id: ids['old'] },
      { name: 'channel events', max_id: ids['old']! - 1 },
    ]);
  });

  it('refuses a missing channel, a private one the caller is not in, and another realm’s', async () => {
    const outsider = await system.createUser(owner, 'outsider@example.com', 'Otto Outsider');
    const other = await system.createRealm('Other org', 'other-owner@example.com');
    const invalid = { result: 'error', msg: 'Invalid channel ID', code: 'BAD_REQUEST' };
    expect((await topics(member, 999_999).expect(400)).body).toEqual(invalid);
    expect((await topics(outsider, protectedId).expect(400)).body).toEqual(invalid);
    expect((await topics(other.owner, publicId).expect(400)).body).toEqual(invalid);
  });

  it("refuses an archived channel, as Zulip's access_stream_by_id does", async () => {
    const closingId = await chat.channel(owner, 'closing', [member]);
    await chat.toChannel(owner, closingId, 'last words');
    await chat.as(owner).delete(`/streams/${closingId}`).expect(200);
    expect((await topics(member, closingId).expect(400)).body).toEqual({
      result: 'error',
      msg: 'Invalid channel ID',
      code: 'BAD_REQUEST',
    });
  });

  it('validates allow_empty_topic_name', async () => {
    const response = await topics(member, publicId, '?allow_empty_topic_name=yes').expect(400);
    expect(response.body).toEqual({
      result: 'error',
      msg: 'allow_empty_topic_name is not valid JSON',
      code: 'BAD_REQUEST',
    });
  });
});
