import { ChatError } from '../core/http/chat.error.js';
import { MAX_MESSAGE_LENGTH, MAX_TOPIC_LENGTH } from '../core/server-facts.js';

// Zulip truncates over-long content and topics instead of refusing them.
function truncate(text: string, limit: number, marker: string): string {
  const chars = [...text];
  return chars.length <= limit ? text : chars.slice(0, limit - [...marker].length).join('') + marker;
}

export function normalizeContent(content: string): string {
  const trimmed = content.replace(/\s+$/, '');
  if (trimmed.trim().length === 0) throw ChatError.badRequest('Message must not be empty');
  if (trimmed.includes('\u0000')) throw ChatError.badRequest('Message must not contain null bytes');
  return truncate(trimmed, MAX_MESSAGE_LENGTH, '\n[message truncated]');
}

// `(no topic)` and surrounding whitespace read as the empty topic, which this realm allows.
export function normalizeTopic(topic: string): string {
  const trimmed = topic.trim();
  if (trimmed === '(no topic)') return '';
  const position = trimmed.search(/[\u0000-\u001f\u007f]/);
  if (position >= 0) throw ChatError.badRequest(`Invalid character in topic, at position ${position + 1}!`);
  return truncate(trimmed, MAX_TOPIC_LENGTH, '...');
}

// The sending client's name, as Zulip records it: the `client` parameter, else the
// User-Agent's first product token.
export function clientName(clientParam: string | undefined, userAgent: string | undefined): string {
  const name = clientParam?.trim() || userAgent?.split(/[/\s]/)[0]?.trim() || 'API';
  return name.slice(0, 30);
}
