// An archive the import cannot use (malformed, truncated, or referring to rows it lacks): the
// operator's mistake, answered 400 with this message.
export class ImportArchiveError extends Error {}
