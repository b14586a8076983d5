import { ChatError } from '../core/http/chat.error.js';
import { MAX_STREAM_NAME_LENGTH } from '../core/server-facts.js';

// Zulip's check_stream_name.
export function checkStreamName(raw: string): string {
  const name = raw.trim();
  if (name === '') throw ChatError.badRequest("Channel name can't be empty.");
  if ([...name].length > MAX_STREAM_NAME_LENGTH)
    throw ChatError.badRequest(`Channel name too long (limit: ${MAX_STREAM_NAME_LENGTH} characters).`);
  const position = [...name].findIndex((char) => /[\u0000-\u001f\u007f-\u009f]/.test(char));
  if (position >= 0)
    throw ChatError.badRequest(`Invalid character in channel name, at position ${position + 1}.`);
  return name;
}

// Zulip's palette for new subscriptions, picked by channel id.
const COLORS = [
  '#76ce90',
  '#fae589',
  '#a6c7e5',
  '#e79ab5',
  '#bfd56f',
  '#f4ae55',
  '#b0a5fd',
  '#addfe5',
  '#f5ce6e',
  '#c2726a',
];

export function subscriptionColor(streamId: number): string {
  return COLORS[streamId % COLORS.length]!;
}
