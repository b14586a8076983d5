import type { TriggeringMessageV1 } from '@shared/contracts';
import { ZULIP_VERSION } from '../core/server-facts.js';
import { BotInterface } from '../bots/bot-service.entity.js';
import { pythonJson } from './python-json.js';

// Zulip's two triggers (get_service_bot_events).
export type OutgoingWebhookTrigger = 'mention' | 'direct_message';

// What a bot's service is sent about one message.
export interface TriggerInput {
  readonly realmId: number;
  readonly realmHost: string;
  readonly bot: { readonly id: number; readonly email: string; readonly fullName: string };
  readonly token: string;
  readonly trigger: OutgoingWebhookTrigger;
  // The message as GET /messages shows it with raw Markdown content (and rendered_content).
  readonly message: Readonly<Record<string, unknown>>;
}

export interface OutgoingRequestBody {
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

const USER_AGENT = `ZulipOutgoingWebhook/${ZULIP_VERSION}`;

// Zulip's GenericOutgoingWebhookService.make_request: the message and its raw content as JSON,
// written as Python writes it.
export function zulipFormatRequest(input: TriggerInput): OutgoingRequestBody {
  return {
    headers: { 'user-agent': USER_AGENT, 'content-type': 'application/json' },
    body: pythonJson({
      data: input.message['content'],
      message: input.message,
      bot_email: input.bot.email,
      bot_full_name: input.bot.fullName,
      token: input.token,
      trigger: input.trigger,
    }),
  };
}

// Zulip's SlackOutgoingWebhookService.make_request: Slack's legacy outgoing-webhook form, for
// channel messages only (a direct message gets Zulip's refusal instead of a call).
export function slackFormatRequest(input: TriggerInput): OutgoingRequestBody {
  const message = input.message;
  const form = new URLSearchParams([
    ['token', input.token],
    ['team_id', `T${input.realmId}`],
    ['team_domain', input.realmHost],
    ['channel_id', `C${String(message['stream_id'])}`],
    ['channel_name', String(message['display_recipient'])],
    ['thread_ts', String(message['timestamp'])],
    ['timestamp', String(message['timestamp'])],
    ['user_id', `U${String(message['sender_id'])}`],
    ['user_name', String(message['sender_full_name'])],
    ['text', String(message['content'])],
    ['trigger_word', input.trigger],
    ['service_id', String(input.bot.id)],
  ]);
  return {
    headers: { 'user-agent': USER_AGENT, 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
  };
}

export function requestFor(botInterface: BotInterface, input: TriggerInput): OutgoingRequestBody {
  return botInterface === BotInterface.SLACK_COMPATIBLE
    ? slackFormatRequest(input)
    : zulipFormatRequest(input);
}

// The part of the message an answer needs: where to reply, and the link to the message.
export function triggeringMessage(message: Readonly<Record<string, unknown>>): TriggeringMessageV1 {
  const isChannel = message['type'] === 'stream';
  return {
    id: message['id'] as number,
    type: isChannel ? 'stream' : 'private',
    ...(isChannel ? { stream_id: message['stream_id'] as number } : {}),
    display_recipient: isChannel
      ? (message['display_recipient'] as string)
      : (message['display_recipient'] as ReadonlyArray<{ id: number; email: string }>).map(
          ({ id, email }) => ({
            id,
            email,
          }),
        ),
    subject: message['subject'] as string,
  };
}
