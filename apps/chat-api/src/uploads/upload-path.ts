import { randomBytes, randomInt } from 'node:crypto';

// Zulip's sanitize_name: NFKC, only letters, digits, `_`, `.`, `-` and spaces kept, runs of
// spaces and dashes made one dash; a name left empty or a dot name becomes "uploaded-file".
export function sanitizeFileName(name: string): string {
  const kept = name
    .normalize('NFKC')
    .replace(/[^\p{L}\p{M}\p{N}_\s.-]/gu, '')
    .trim()
    .replace(/[-\s]+/g, '-');
  return kept === '' || kept === '.' || kept === '..' ? 'uploaded-file' : kept;
}

// Zulip's layout for a message upload: `{realm_id}/{2 hex}/{24 url-safe random}/{name}`. The
// random part makes the URL unguessable; the name is the client's, sanitized.
export function newUploadPathId(realmId: number, fileName: string): string {
  const spread = randomInt(256).toString(16).padStart(2, '0');
  return `${realmId}/${spread}/${randomBytes(18).toString('base64url')}/${sanitizeFileName(fileName)}`;
}
