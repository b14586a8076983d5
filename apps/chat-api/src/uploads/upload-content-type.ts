// Zulip's INLINE_MIME_TYPES: the types a browser may show in place. Anything else is served as
// an attachment (downloaded), which keeps uploaded HTML, SVG or XML from running in the
// server's origin.
const INLINE_TYPES = new Set([
  'application/pdf',
  'audio/aac',
  'audio/flac',
  'audio/mp4',
  'audio/mpeg',
  'audio/wav',
  'audio/webm',
  'image/apng',
  'image/avif',
  'image/gif',
  'image/jpeg',
  'image/png',
  'image/webp',
  'text/plain',
  'video/mp4',
  'video/webm',
]);

// The types a name's extension implies when the client sent none (Python's mimetypes, for the
// types that change how a file is served or rendered).
const TYPE_BY_EXTENSION: Readonly<Record<string, string>> = {
  pdf: 'application/pdf',
  aac: 'audio/aac',
  flac: 'audio/flac',
  m4a: 'audio/mp4',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  weba: 'audio/webm',
  apng: 'image/apng',
  avif: 'image/avif',
  gif: 'image/gif',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  txt: 'text/plain',
  mp4: 'video/mp4',
  webm: 'video/webm',
};

const UNKNOWN_TYPE = 'application/octet-stream';

// The type an upload is kept with: the client's, unless it gave none (or only the generic
// one), then the one its name implies.
export function uploadContentType(given: string, fileName: string): string {
  const type = given.split(';')[0]?.trim().toLowerCase() ?? '';
  if (type !== '' && type !== UNKNOWN_TYPE) return type;
  const extension = /\.([^.]+)$/.exec(fileName)?.[1]?.toLowerCase() ?? '';
  return TYPE_BY_EXTENSION[extension] ?? UNKNOWN_TYPE;
}

export function isInlineType(contentType: string): boolean {
  return INLINE_TYPES.has(contentType);
}

export function isImageType(contentType: string): boolean {
  return contentType.startsWith('image/') && INLINE_TYPES.has(contentType);
}
