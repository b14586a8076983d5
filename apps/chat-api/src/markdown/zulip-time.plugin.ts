import type { MarkdownIt, StateInline, Token } from 'markdown-it';
import { escapeText } from './html-text.js';

const TIME = /^<time:([^>]*?)>/;
const ISO =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;

// Zulip's global times: `<time:2025-03-14T15:00:00+01:00>` becomes
// `<time datetime="2025-03-14T14:00:00Z">2025-03-14T15:00:00+01:00</time>` (UTC, the text as
// typed); something that is no time becomes
// `<span class="timestamp-error">Invalid time format: …</span>`. Zulip parses with dateutil, which
// also reads prose such as "Jun 5th 2017, 10:30PM"; we read what Zulip's composer writes (ISO
// 8601, with or without a UTC offset, and a date alone) and whole Unix seconds.
export function zulipTime(md: MarkdownIt): void {
  md.inline.ruler.before('zulip_entity', 'zulip_time', (state: StateInline, silent: boolean) => {
    if (state.src.charCodeAt(state.pos) !== 0x3c /* < */) return false;
    const match = TIME.exec(state.src.slice(state.pos, state.posMax));
    if (!match) return false;
    if (!silent) {
      const token = state.push('zulip_time', '', 0);
      token.content = match[1]!;
      token.meta = { datetime: parseTime(match[1]!) };
    }
    state.pos += match[0].length;
    return true;
  });
  md.renderer.rules['zulip_time'] = (tokens: Token[], index: number) => {
    const { content, meta } = tokens[index]!;
    const { datetime } = meta as { datetime: string | null };
    if (datetime === null)
      return `<span class="timestamp-error">Invalid time format: ${escapeText(content)}</span>`;
    return `<time datetime="${datetime}">${escapeText(content)}</time>`;
  };
}

// The instant in Python's isoformat with +00:00 written as Z, or null.
export function parseTime(text: string): string | null {
  if (/^\s*-?\d+\s*$/.test(text)) return isoUtc(new Date(Number(text) * 1000));
  const iso = ISO.exec(text.trim());
  if (!iso) return null;
  const [, year, month, day, hour = '00', minute = '00', second = '00', fraction = '', zone] = iso;
  const offset = zone && zone.toUpperCase() !== 'Z' ? zone.replace(/^([+-]\d{2}):?(\d{2})$/, '$1:$2') : 'Z';
  const millis = fraction === '' ? '' : `.${fraction.padEnd(3, '0').slice(0, 3)}`;
  const date = new Date(`${year}-${month}-${day}T${hour}:${minute}:${second}${millis}${offset}`);
  return Number.isNaN(date.getTime()) ? null : isoUtc(date, fraction);
}

function isoUtc(date: Date, fraction = ''): string | null {
  if (Number.isNaN(date.getTime())) return null;
  const seconds = date.toISOString().slice(0, 19);
  const micro = fraction === '' || /^0+$/.test(fraction) ? '' : `.${fraction.padEnd(6, '0')}`;
  return `${seconds}${micro}Z`;
}
