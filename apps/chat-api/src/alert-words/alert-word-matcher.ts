import { Injectable } from '@nestjs/common';
import { AlertWordsRepository } from './alert-words.repository.js';

// Zulip's AlertWordNotificationProcessor: a word counts where it stands between these
// characters (or the text's ends). Zulip's list after a word also holds the two-character
// string '",', which no single character equals: a quote mark does not end a word there.
const ALLOWED_BEFORE = new Set([' ', '\n', '(', '"', '.', ',', "'", ';', '[', '*', '`', '>']);
const ALLOWED_AFTER = new Set([' ', '\n', ')', '?', ':', '.', ',', "'", ';', ']', '!', '*', '`']);
const FENCE = /^\s*(`{3,}|~{3,})\s*([^\s`~]*)/;
// Fenced blocks whose text stays Markdown (Zulip renders it), so alert words count there.
const MARKDOWN_FENCES = new Set(['quote', 'spoiler']);

// Which recipients of a message have one of their alert words in it (the has_alert_word flag).
@Injectable()
export class AlertWordMatcher {
  constructor(private readonly words: AlertWordsRepository) {}

  async alertedUserIds(content: string, recipientIds: readonly number[]): Promise<Set<number>> {
    const words = await this.words.wordsOf(recipientIds);
    const alerted = new Set<number>();
    if (words.length === 0) return alerted;
    const text = [...withoutCode(content).toLowerCase()];
    for (const { userId, word } of words)
      if (!alerted.has(userId) && containsWord(text, [...word.toLowerCase()])) alerted.add(userId);
    return alerted;
  }
}

// Zulip looks for alert words after its fenced-code preprocessor has set code blocks aside.
function withoutCode(content: string): string {
  const kept: string[] = [];
  let fence: string | null = null;
  for (const line of content.split('\n')) {
    if (fence !== null) {
      if (line.trim().startsWith(fence) && line.trim().replace(/[`~]/g, '') === '') fence = null;
      continue;
    }
    const opening = FENCE.exec(line);
    if (opening && !MARKDOWN_FENCES.has(opening[2]!.toLowerCase())) fence = opening[1]!;
    else kept.push(line);
  }
  return kept.join('\n');
}

// Every occurrence, overlapping ones too, as Zulip's Aho-Corasick automaton finds them; indexes
// are code points, as in Python. Zulip accepts any start at the text's first two positions.
function containsWord(text: readonly string[], word: readonly string[]): boolean {
  for (let start = 0; start + word.length <= text.length; start++) {
    if (!word.every((char, offset) => text[start + offset] === char)) continue;
    const end = start + word.length;
    const startsWord = start - 1 <= 0 || ALLOWED_BEFORE.has(text[start - 1]!);
    const endsWord = end >= text.length || ALLOWED_AFTER.has(text[end]!);
    if (startsWord && endsWord) return true;
  }
  return false;
}
