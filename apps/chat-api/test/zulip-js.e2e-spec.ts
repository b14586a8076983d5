import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { apiGatewayDefinition } from '@apps/api-gateway';
import zulipInit, { type ZulipClient } from 'zulip-js';
import { type ChatAccount, type ChatRealm, ChatTestSystem } from './chat-test-system.js';

// The unmodified npm client against the gateway: multipart bodies, query strings, its own
// password login.
describe('zulip-js against the gateway', () => {
  let system: ChatTestSystem;
  let realm: ChatRealm;
  let member: ChatAccount;
  let owner: ZulipClient;

  beforeAll(async () => {
    system = await ChatTestSystem.start(apiGatewayDefinition);
    realm = await system.createRealm('zulip-js org', 'js-owner@example.com');
    member = await system.createUser(realm.owner, 'js-member@example.com', 'Jay Member', 'member-password');
    owner = await zulipInit({
      realm: system.gatewayUrl,
      username: realm.owner.email,
      apiKey: realm.owner.apiKey,
    });
  });

  afterAll(() => system.stop());

  it('logs in with a password through /fetch_api_key', async () => {
    const client = await zulipInit({
      realm: system.gatewayUrl,
      username: member.email,
      password: 'member-password',
    });
    expect(client.config.apiKey).toBe(member.apiKey);
    expect(await client.users.me.getProfile()).toMatchObject({ result: 'success', user_id: member.userId });
  });

  it('sends a direct message as multipart form data', async () => {
    const sent = await owner.messages.send({
      type: 'direct',
      to: [member.userId],
      content: 'Hello from zulip-js',
    });
    expect(sent).toEqual({ result: 'success', msg: '', id: expect.any(Number) });
  });

  it('calls any endpoint through callEndpoint', async () => {
    const users = await owner.callEndpoint('/users', 'GET', { client_gravatar: 'false' });
    expect(users.result).toBe('success');
    expect(users['members']).toContainEqual(
      expect.objectContaining({ email: member.email, avatar_url: expect.any(String) }),
    );
  });

  it('sees Zulip errors as Zulip sends them', async () => {
    const refused = await owner.messages.send({ type: 'direct', content: 'to nobody' });
    expect(refused).toEqual({ result: 'error', msg: 'Message must have recipients', code: 'BAD_REQUEST' });
  });
});
