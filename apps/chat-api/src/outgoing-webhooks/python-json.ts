// The text Python's json.dumps gives (what `requests` sends for `json=`, and so Zulip's body):
// ", " and ": " between items, everything outside printable ASCII escaped as lowercase \uXXXX.
export function pythonJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(pythonJson).join(', ')}]`;
  if (typeof value === 'object' && value !== null)
    return `{${Object.entries(value)
      .filter(([, entry]) => entry !== undefined)
      .map(([key, entry]) => `${pythonString(key)}: ${pythonJson(entry)}`)
      .join(', ')}}`;
  if (typeof value === 'string') return pythonString(value);
  return JSON.stringify(value);
}

function pythonString(text: string): string {
  return JSON.stringify(text).replace(
    /[^\x20-\x7e]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
