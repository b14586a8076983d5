import { describe, expect, it } from '@jest/globals';
import { BotInterface } from '../bots/bot-service.entity.js';
import { answerTo, ownerNoticeText } from './outgoing-webhook-answer.js';
import { pythonBytesRepr, pythonStrRepr } from './python-repr.js';

const ok = (body: unknown) => ({ kind: 'response' as const, status: 200, body: JSON.stringify(body) });
const replyOf = (botInterface: BotInterface, body: unknown) => answerTo(botInterface, ok(body)).reply;

describe('answerTo (Zulip process_success_response)', () => {
  it("reads Zulip's format: response_string over content, Python's str() of other values", () => {
    expect(replyOf(BotInterface.GENERIC, { content: 'hi', response_string: 'legacy' })).toBe('legacy');
    expect(replyOf(BotInterface.GENERIC, { content: 42 })).toBe('42');
    expect(replyOf(BotInterface.GENERIC, { content: true })).toBe('True');
    expect(replyOf(BotInterface.GENERIC, { text: 'slack field' })).toBeNull();
  });

  it('posts nothing when no response is required (Python truthiness), or the content is blank', () => {
    expect(replyOf(BotInterface.GENERIC, { response_not_required: 'yes', content: 'x' })).toBeNull();
    expect(replyOf(BotInterface.GENERIC, { response_not_required: 0, content: 'x' })).toBe('x');
    expect(replyOf(BotInterface.GENERIC, { response_not_required: [], content: 'x' })).toBe('x');
    expect(replyOf(BotInterface.GENERIC, { content: ' \t\n' })).toBeNull();
    expect(answerTo(BotInterface.GENERIC, ok(''))).toEqual({ reply: null, ownerNotice: null });
  });

  it("reads Slack's `text` for a Slack-compatible service", () => {
    expect(replyOf(BotInterface.SLACK_COMPATIBLE, { text: 'from slack', content: 'no' })).toBe('from slack');
    expect(replyOf(BotInterface.SLACK_COMPATIBLE, { content: 'no' })).toBeNull();
  });

  it('refuses JSON that is no object, null included', () => {
    for (const body of ['null', '3', '"text"', '[]'])
      expect(answerTo(BotInterface.GENERIC, { kind: 'response', status: 200, body }).reply).toBe(
        'Failure! Invalid response format',
      );
  });

  it('words the failures and the owner notice as Zulip does', () => {
    expect(answerTo(BotInterface.GENERIC, { kind: 'timeout', timeoutMs: 10_000, attempts: 4 })).toEqual({
      reply: 'Failure! Bot is unavailable',
      ownerNotice: { detail: 'Request timed out after 10 seconds.', payload: null },
    });
    const notice = answerTo(BotInterface.GENERIC, {
      kind: 'response',
      status: 502,
      body: 'bad\ngateway é',
    }).ownerNotice!;
    expect(ownerNoticeText('http://chat.test/#narrow/dm/1,2/near/9', 'Echo', notice)).toBe(
      '[A message](http://chat.test/#narrow/dm/1,2/near/9) to your bot @_**Echo** triggered an outgoing webhook.\n' +
        'The webhook got a response with status code *502*.\n' +
        "The response contains the following payload:\n```\nb'bad\\ngateway \\xc3\\xa9'\n```",
    );
  });
});

describe("Python's repr", () => {
  it('quotes like Python: single quotes unless the text holds only single ones', () => {
    expect(pythonStrRepr('plain')).toBe("'plain'");
    expect(pythonStrRepr("it's")).toBe(`"it's"`);
    expect(pythonStrRepr(`it's "quoted"`)).toBe(`'it\\'s "quoted"'`);
    expect(pythonStrRepr('tab\tnew\nline\\ é \u0001')).toBe("'tab\\tnew\\nline\\\\ é \\x01'");
  });

  it('shows bytes outside printable ASCII as \\x escapes', () => {
    expect(pythonBytesRepr(Buffer.from('é\r\n', 'utf8'))).toBe("b'\\xc3\\xa9\\r\\n'");
    expect(pythonBytesRepr(Buffer.from(`"it's"`, 'utf8'))).toBe(`b'"it\\'s"'`);
  });
});
