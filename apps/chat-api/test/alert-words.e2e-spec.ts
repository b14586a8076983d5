import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { apiGatewayDefinition } from '@apps/api-gateway';
import { ChatActions } from './chat-actions.js';
import { type ChatAccount, ChatTestSystem } from './chat-test-system.js';

const success = (alertWords: string[]) => ({ result: 'success', msg: '', alert_words: alertWords });
const HAS_ALERT_WORD = 64;

describe('alert words through the gateway', () => {
  let system: ChatTestSystem;
  let chat: ChatActions;
  let owner: ChatAccount;
  let ann: ChatAccount;

  beforeAll(async () => {
    system = await ChatTestSystem.start(apiGatewayDefinition, { CHAT_RATE_LIMIT_REQUESTS: '1000' });
    chat = new ChatActions(system);
    owner = (await system.createRealm()).owner;
    ann = await system.createUser(owner, 'ann@example.com', 'Ann');
  });

  afterAll(() => system.stop());

  const words = (list: unknown) => ({ alert_words: JSON.stringify(list) });

  it('adds, lists and removes words as Zulip does, announcing each change', async () => {
    const queue = await chat.registerQueue(ann, ['alert_words'], {});
    await chat.as(ann).get('/users/me/alert_words').expect(200, success([]));
    // Stripped, blanks dropped, one word per case (the last spelling), none the user already has.
    await chat
      .as(ann)
      .post('/users/me/alert_words', words([' Deploy ', '', 'outage', 'OUTAGE']))
      .expect(200, success(['Deploy', 'OUTAGE']));
    await chat
      .as(ann)
      .post('/users/me/alert_words', words(['deploy', 'on call']))
      .expect(200, success(['Deploy', 'OUTAGE', 'on call']));
    await chat
      .as(ann)
      .get('/users/me/alert_words')
      .expect(200, success(['Deploy', 'OUTAGE', 'on call']));
    // Removal ignores case and words the user does not have.
    await chat
      .as(ann)
      .delete('/users/me/alert_words', words(['outage', 'never added']))
      .expect(200, success(['Deploy', 'on call']));

    const registered = await chat.registeredState<{ alert_words: string[] }>(ann, ['alert_words']);
    expect(registered.alert_words).toEqual(['Deploy', 'on call']);
    expect(await chat.queuedEvents(ann, queue.queue_id, 3)).toEqual([
      { type: 'alert_words', alert_words: ['Deploy', 'OUTAGE'], id: 0 },
      { type: 'alert_words', alert_words: ['Deploy', 'OUTAGE', 'on call'], id: 1 },
      { type: 'alert_words', alert_words: ['Deploy', 'on call'], id: 2 },
    ]);
  });

  it('flags received messages holding one of the recipient’s words', async () => {
    const room = await chat.channel(owner, 'ops', [ann]);
    const queue = await chat.registerQueue(ann, ['message'], {});
    const alerted = await chat.toChannel(owner, room, 'status', 'Who is ON CALL? We deploy at noon.');
    const quiet = await chat.toChannel(owner, room, 'status', 'redeploying, then:\n```\ndeploy\n```');
    const direct = await chat.direct(owner, [ann], '(deploy)');
    expect((await chat.flags(ann, alerted))! & HAS_ALERT_WORD).toBe(HAS_ALERT_WORD);
    expect((await chat.flags(ann, quiet))! & HAS_ALERT_WORD).toBe(0);
    expect((await chat.flags(ann, direct))! & HAS_ALERT_WORD).toBe(HAS_ALERT_WORD);
    // Only the owner of the words: the sender's copy is not flagged.
    expect((await chat.flags(owner, alerted))! & HAS_ALERT_WORD).toBe(0);

    const events = await chat.queuedEvents<{ message: { id: number }; flags: string[] }>(
      ann,
      queue.queue_id,
      3,
    );
    expect(events.map((event) => [event.message.id, event.flags.includes('has_alert_word')])).toEqual([
      [alerted, true],
      [quiet, false],
      [direct, true],
    ]);
    const narrowed = await chat
      .as(ann)
      .get(`/messages?anchor=newest&num_before=10&narrow=${encodeURIComponent('[["is","alerted"]]')}`)
      .expect(200);
    expect(narrowed.body.messages.map((message: { id: number }) => message.id)).toEqual([alerted, direct]);
  });

  it('refuses malformed lists in Zulip’s words', async () => {
    const refuse = async (request: ReturnType<ReturnType<ChatActions['as']>['post']>, msg: string) =>
      expect((await request.expect(400)).body).toEqual({ result: 'error', msg, code: 'BAD_REQUEST' });
    await refuse(
      chat.as(ann).post('/users/me/alert_words', words(['x'.repeat(101)])),
      'alert_words[0] is too long (limit: 100 characters)',
    );
    await refuse(chat.as(ann).post('/users/me/alert_words', words([1])), 'alert_words[0] is not a string');
    await refuse(
      chat.as(ann).post('/users/me/alert_words', { alert_words: 'deploy' }),
      'alert_words is not valid JSON',
    );
    await refuse(chat.as(ann).delete('/users/me/alert_words', words('deploy')), 'alert_words is not a list');
    expect((await chat.as(ann).post('/users/me/alert_words').expect(400)).body).toEqual({
      result: 'error',
      msg: "Missing 'alert_words' argument",
      code: 'REQUEST_VARIABLE_MISSING',
      var_name: 'alert_words',
    });
  });
});
