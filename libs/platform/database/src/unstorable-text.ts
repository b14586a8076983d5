import { QueryFailedError } from 'typeorm';

// PostgreSQL's character_not_in_repertoire (text holding a NUL character, which no text column
// or parameter can take) and untranslatable_character (jsonb's `\u0000`, which it refuses for
// the same reason). A client's input caused it, so it is a bad request, not a server fault.
const UNSTORABLE_TEXT = new Set(['22021', '22P05']);

export function isUnstorableText(error: unknown): boolean {
  return (
    error instanceof QueryFailedError &&
    UNSTORABLE_TEXT.has((error.driverError as { code?: unknown }).code as string)
  );
}
