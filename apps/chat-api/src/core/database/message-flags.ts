// Zulip's UserMessage flag bits, in Zulip's order (read is bit 0).
export const MessageFlag = {
  read: 1 << 0,
  starred: 1 << 1,
  collapsed: 1 << 2,
  mentioned: 1 << 3,
  stream_wildcard_mentioned: 1 << 4,
  topic_wildcard_mentioned: 1 << 5,
  has_alert_word: 1 << 6,
  historical: 1 << 7,
} as const;

export type MessageFlagName = keyof typeof MessageFlag;

const NAMES = Object.keys(MessageFlag) as MessageFlagName[];

// The flag names of a bitmask as the API lists them, with the deprecated `wildcard_mentioned`
// (either wildcard kind) that Zulip still sends.
export function flagNames(bits: number): string[] {
  const names: string[] = NAMES.filter((name) => (bits & MessageFlag[name]) !== 0);
  if (bits & (MessageFlag.stream_wildcard_mentioned | MessageFlag.topic_wildcard_mentioned))
    names.push('wildcard_mentioned');
  return names;
}
