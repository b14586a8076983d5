// What this server tells clients about itself: Zulip 11.0 at API feature level 421, and the
// limits clients enforce while composing (CHAT-COMPAT.md).
export const ZULIP_VERSION = '11.0';
export const ZULIP_FEATURE_LEVEL = 421;
export const MAX_MESSAGE_LENGTH = 10_000;
export const MAX_TOPIC_LENGTH = 60;
export const MAX_REMINDER_NOTE_LENGTH = 1000;
export const MAX_STREAM_NAME_LENGTH = 60;
export const MAX_STREAM_DESCRIPTION_LENGTH = 1024;
export const EMPTY_TOPIC_DISPLAY_NAME = 'general chat';
export const TYPING_STARTED_EXPIRY_MS = 45_000;
export const TYPING_STOPPED_WAIT_MS = 12_000;
export const TYPING_STARTED_WAIT_MS = 30_000;
