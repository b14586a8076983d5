import { BotInterface } from '../bots/bot-service.entity.js';
import type { OutgoingWebhookOutcomeV1 } from '@shared/contracts';
import { pythonBytesRepr, pythonStrRepr } from './python-repr.js';

// How a call ended, as chat-api knows it: the dispatcher's outcomes, and Zulip's refusal to call a
// Slack-compatible service about a direct message.
export type AnswerOutcome = OutgoingWebhookOutcomeV1 | { readonly kind: 'slack_direct_message' };

// What Zulip posts after a call (zerver/lib/outgoing_webhook.py): the bot's reply (or
// "Failure! …") in the conversation of the message, then a notice to the bot's owner.
export interface Answer {
  readonly reply: string | null;
  readonly ownerNotice: OwnerNotice | null;
}

export interface OwnerNotice {
  // The line under "[A message](…) to your bot … triggered an outgoing webhook.".
  readonly detail: string;
  // The response's payload as Python shows it, or null when there was none.
  readonly payload: string | null;
}

const NOTHING: Answer = { reply: null, ownerNotice: null };

export function answerTo(botInterface: BotInterface, outcome: AnswerOutcome): Answer {
  switch (outcome.kind) {
    case 'response':
      return outcome.status >= 200 && outcome.status < 300
        ? successAnswer(botInterface, outcome.body)
        : {
            reply: failure(`Third party responded with ${outcome.status}`),
            ownerNotice: {
              detail: statusDetail(outcome.status),
              payload: outcome.body === '' ? null : pythonBytesRepr(Buffer.from(outcome.body, 'utf8')),
            },
          };
    // Zulip's smokescreen proxy answers 407 for a URL in a private or disallowed network.
    case 'refused':
      return {
        reply: failure('Third party responded with 407'),
        ownerNotice: { detail: statusDetail(407), payload: null },
      };
    case 'timeout':
      return unavailable(`Request timed out after ${outcome.timeoutMs / 1000} seconds.`);
    case 'connection_error':
      return unavailable('A connection error occurred. Is my bot server down?');
    case 'slack_direct_message':
      return { reply: failure("Slack outgoing webhooks don't support direct messages."), ownerNotice: null };
  }
}

// Zulip's answer when its own post of the bot's reply fails (or the response is unreadable).
export function rejectedResponse(error: string, body: string): Answer {
  return {
    reply: failure(error),
    ownerNotice: {
      detail:
        'The outgoing webhook server attempted to send a message in Zulip, but that request ' +
        `resulted in the following error:\n> ${error}`,
      payload: body === '' ? null : pythonStrRepr(body),
    },
  };
}

export function ownerNoticeText(messageUrl: string, botFullName: string, notice: OwnerNotice): string {
  let text = `[A message](${messageUrl}) to your bot @_**${botFullName}** triggered an outgoing webhook.\n${notice.detail}`;
  if (notice.payload !== null)
    text += `\nThe response contains the following payload:\n\`\`\`\n${notice.payload}\n\`\`\``;
  return text;
}

// process_success_response with the interface's process_success.
function successAnswer(botInterface: BotInterface, body: string): Answer {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return rejectedResponse('Invalid JSON in response', body);
  }
  // zulip_botserver before 2021-05 answered json.dumps("") for "no response required".
  if (json === '') return NOTHING;
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    return rejectedResponse('Invalid response format', body);
  const content = replyContent(botInterface, json as Record<string, unknown>);
  if (content === null || content.trim() === '') return NOTHING;
  return { reply: content, ownerNotice: null };
}

function replyContent(botInterface: BotInterface, response: Record<string, unknown>): string | null {
  if (botInterface === BotInterface.SLACK_COMPATIBLE)
    return 'text' in response ? pythonStr(response['text']) : null;
  if (pythonTruthy(response['response_not_required'])) return null;
  // The legacy field wins when both are there.
  if ('response_string' in response) return pythonStr(response['response_string']);
  if ('content' in response) return pythonStr(response['content']);
  return null;
}

function unavailable(detail: string): Answer {
  return { reply: failure('Bot is unavailable'), ownerNotice: { detail, payload: null } };
}

function failure(message: string): string {
  return `Failure! ${message}`;
}

function statusDetail(status: number): string {
  return status === 407
    ? 'The URL configured for the webhook is for a private or disallowed network.'
    : `The webhook got a response with status code *${status}*.`;
}

// Python's str() of a JSON value, for the scalars a service may put there.
function pythonStr(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

function pythonTruthy(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object' && value !== null) return Object.keys(value).length > 0;
  return Boolean(value);
}
