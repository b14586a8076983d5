import { QueryFailedError } from 'typeorm';

// PostgreSQL's character_not_in_repertoire: text holding a NUL character, which no text column
// or parameter can take. A client's input caused it, so it is a bad request, not a server fault.
const CHARACTER_NOT_IN_REPERTOIRE = '22021';

export function isUnstorableText(error: unknown): boolean {
  return (
    error instanceof QueryFailedError &&
    (error.driverError as { code?: unknown }).code === CHARACTER_NOT_IN_REPERTOIRE
  );
}
