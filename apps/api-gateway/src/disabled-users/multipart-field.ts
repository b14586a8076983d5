const BOUNDARY = /boundary=(?:"([^"]+)"|([^;\s]+))/i;
const CRLF = '\r\n';
const HEADERS_END = '\r\n\r\n';

// The value of one text field of a multipart/form-data body, or null when it has none. Walks
// the parts by their boundary (which no part's content may contain, so a file cannot fake a
// field) and reads only the parts' headers and the field's value.
export function multipartField(body: Buffer, contentType: string, name: string): string | null {
  const match = BOUNDARY.exec(contentType);
  const boundary = match?.[1] ?? match?.[2];
  if (!boundary) return null;
  const delimiter = `--${boundary}`;
  const disposition = new RegExp(
    `^content-disposition:\\s*form-data;(?:[^\\r\\n]*;)?\\s*name="${name}"\\s*(?:;|$)`,
    'im',
  );
  let position = body.indexOf(delimiter);
  while (position >= 0) {
    const headersStart = position + delimiter.length + CRLF.length;
    const next = body.indexOf(`${CRLF}${delimiter}`, headersStart);
    if (next < 0) return null;
    const headersEnd = body.indexOf(HEADERS_END, headersStart);
    if (headersEnd >= 0 && headersEnd < next) {
      const headers = body.subarray(headersStart, headersEnd).toString('latin1');
      if (disposition.test(headers))
        return body.subarray(headersEnd + HEADERS_END.length, next).toString('utf8');
    }
    position = next + CRLF.length;
  }
  return null;
}
