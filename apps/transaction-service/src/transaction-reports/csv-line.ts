// One CSV record as RFC 4180 writes it: fields joined by commas, a field holding a comma, a
// double quote, CR or LF enclosed in double quotes (its quotes doubled), the line ended by CRLF.
export function csvLine(fields: readonly string[]): string {
  return `${fields.map(quotedIfNeeded).join(',')}\r\n`;
}

// Free text (a partner's user id, a transfer hash, a base64 reference that may start with +)
// made inert for spreadsheets: a cell starting with = + - @ or a tab or CR is read as a formula
// by Excel, LibreOffice and Google Sheets, so it is prefixed with an apostrophe (OWASP's advice).
// Amounts, dates and words of a fixed vocabulary (statuses, chains) are written as they are.
export function inertText(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

function quotedIfNeeded(field: string): string {
  return NEEDS_QUOTES.test(field) ? `"${field.replaceAll('"', '""')}"` : field;
}
