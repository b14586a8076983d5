// Python's repr() of a str and of bytes, which Zulip puts in the bot owner's notice
// (`{response_content!r}`): single quotes unless the text holds a single quote and no double one,
// backslash escapes for the quote, backslash and control characters; bytes also escape
// everything outside ASCII.
export function pythonStrRepr(text: string): string {
  return quoted(text, (char) => {
    const code = char.codePointAt(0)!;
    return code < 0x20 || (code >= 0x7f && code < 0xa0) ? hexEscape(code) : char;
  });
}

export function pythonBytesRepr(bytes: Uint8Array): string {
  const text = Array.from(bytes, (byte) => String.fromCharCode(byte)).join('');
  return `b${quoted(text, (char) => {
    const code = char.charCodeAt(0);
    return code < 0x20 || code >= 0x7f ? hexEscape(code) : char;
  })}`;
}

const NAMED: Readonly<Record<string, string>> = { '\t': '\\t', '\n': '\\n', '\r': '\\r', '\\': '\\\\' };

function quoted(text: string, escapeOther: (char: string) => string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let body = '';
  for (const char of text) body += NAMED[char] ?? (char === quote ? `\\${quote}` : escapeOther(char));
  return `${quote}${body}${quote}`;
}

function hexEscape(code: number): string {
  return `\\x${code.toString(16).padStart(2, '0')}`;
}
