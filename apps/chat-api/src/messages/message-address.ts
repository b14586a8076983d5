import { ChatError } from '../core/http/chat.error.js';
import { parseZulipJson } from '../core/http/zulip-json.js';

// Zulip's parsing of the `to` parameter of POST /messages: JSON when it parses, else raw text.
export type StreamIndicator = { readonly id: number } | { readonly name: string };
export type DirectRecipients = { readonly ids: number[] } | { readonly emails: string[] };

function tryJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: parseZulipJson(text) };
  } catch {
    return { ok: false };
  }
}

export function streamIndicator(to: string): StreamIndicator {
  const parsed = tryJson(to);
  if (!parsed.ok) return { name: to };
  let value = parsed.value;
  if (Array.isArray(value)) {
    if (value.length !== 1) throw ChatError.badRequest('Expected exactly one channel');
    value = value[0];
  }
  if (typeof value === 'string') return { name: value };
  if (typeof value === 'number' && Number.isInteger(value)) return { id: value };
  throw ChatError.badRequest('Invalid data type for channel');
}

export function directRecipients(to: string): DirectRecipients {
  const parsed = tryJson(to);
  if (!parsed.ok) return { emails: splitEmails(to) };
  const value = parsed.value;
  if (typeof value === 'string') return { emails: splitEmails(value) };
  if (typeof value === 'number' && Number.isInteger(value)) return { ids: [value] };
  if (!Array.isArray(value)) throw ChatError.badRequest('Invalid data type for recipients');
  if (value.every((entry) => typeof entry === 'number' && Number.isInteger(entry)))
    return { ids: [...new Set(value as number[])] };
  if (value.every((entry) => typeof entry === 'string'))
    return { emails: [...new Set((value as string[]).map((email) => email.trim()).filter(Boolean))] };
  throw ChatError.badRequest('Recipient lists may contain emails or user IDs, but not both.');
}

function splitEmails(text: string): string[] {
  return [
    ...new Set(
      text
        .split(',')
        .map((email) => email.trim())
        .filter(Boolean),
    ),
  ];
}
