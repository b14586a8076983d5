import { matchFence } from './zulip-code-blocks.plugin.js';

const ITEM = /^( *)([*+-]|\d+\.)( +)(.*)$/;
// Zulip's test for a list line when it decides where a blank line goes (one digit only).
const LIST_LINE = /^ *([*+-]|\d\.) +/;

interface Level {
  readonly indent: number;
  readonly contentColumn: number;
  readonly marker: string;
}

// Zulip's lists differ from CommonMark's in three ways that are simplest to bridge on the source
// before markdown-it parses it (as Zulip itself runs a list preprocessor):
// - a list may hang off any other line with no blank line between (Zulip inserts one, also
//   between a bulleted and a numbered list), whatever its first number;
// - nesting takes two spaces of indentation, also under `1.` (CommonMark wants three there);
// - `*`, `-` and `+` items at one level make a single list.
// Lines inside code fences are left alone; quotes (`>`) are not rewritten.
export function preprocessLists(content: string): string {
  const lines = content.split('\n');
  const out: string[] = [];
  const fences: { fence: string; code: boolean }[] = [];
  let levels: Level[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (i > 0 && !fences.some((open) => open.code) && needsGap(lines[i - 1]!, line)) out.push('');
    if (trackFence(fences, line) || fences.some((open) => open.code)) {
      out.push(line);
      levels = [];
      continue;
    }
    const item = ITEM.exec(line);
    if (item) {
      out.push(nestItem(levels, item));
      continue;
    }
    if (line.trim() !== '' && !/^ /.test(line) && out[out.length - 1]?.trim() === '') levels = [];
    out.push(levels.length > 0 ? reindentContinuation(levels, line) : line);
  }
  return out.join('\n');
}

function needsGap(previous: string, line: string): boolean {
  const before = LIST_LINE.exec(previous);
  const after = LIST_LINE.exec(line);
  if (previous === '' || !after) return false;
  return !before || isBullet(before[1]!) !== isBullet(after[1]!);
}

function isBullet(marker: string): boolean {
  return !/\d/.test(marker);
}

// A fence line opens or closes a fenced block, as Zulip's list preprocessor tracks them; lines
// are frozen while any open fence is not a quote.
function trackFence(fences: { fence: string; code: boolean }[], line: string): boolean {
  const match = matchFence(line);
  if (!match) return false;
  const top = fences[fences.length - 1];
  if (match.language === null && top?.fence === match.fence) fences.pop();
  else fences.push({ fence: match.fence, code: match.language !== 'quote' && match.language !== 'quoted' });
  return true;
}

function nestItem(levels: Level[], [, spaces, marker, gap, rest]: RegExpExecArray): string {
  const indent = spaces!.length;
  if (levels.length === 0 && indent >= 4) return `${spaces}${marker}${gap}${rest}`;
  let sibling: Level | undefined;
  while (levels.length > 0 && levels[levels.length - 1]!.indent + 2 > indent) sibling = levels.pop();
  const column = levels.length === 0 ? Math.min(indent, 3) : levels[levels.length - 1]!.contentColumn;
  const shown = isBullet(marker!) && sibling && isBullet(sibling.marker) ? sibling.marker : marker!;
  const prefix = `${' '.repeat(column)}${shown}${gap}`;
  levels.push({ indent, contentColumn: prefix.length, marker: shown });
  return `${prefix}${rest}`;
}

function reindentContinuation(levels: Level[], line: string): string {
  const indent = line.length - line.trimStart().length;
  if (indent === 0) return line;
  const owner = [...levels].reverse().find((level) => level.indent + 2 <= indent) ?? levels[0]!;
  return `${' '.repeat(Math.max(owner.contentColumn, indent))}${line.trimStart()}`;
}
