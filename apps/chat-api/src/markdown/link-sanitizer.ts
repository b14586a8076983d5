// The schemes Zulip lets a link have; anything else (javascript:, itms:, a made-up foo:) leaves
// the Markdown as text.
const ALLOWED_SCHEMES = new Set(['http', 'https', 'ftp', 'file', 'mailto', 'tel', 'sms', 'bitcoin']);
const SCHEME = /^([a-zA-Z][a-zA-Z0-9+.-]*):/;

// Zulip's sanitize_url: the href a link gets, or null when it must stay text. Spaces become %20;
// a bare address with an @ is a mailto: link, a path starting with / and a lone #fragment stay
// relative, and anything else without a scheme is taken as http://.
export function sanitizeUrl(url: string): string | null {
  const spaced = url.replace(/ /g, '%20');
  const scheme = SCHEME.exec(spaced);
  if (!scheme) {
    if (/^[^?#]*@/.test(spaced) && !spaced.startsWith('//')) return `mailto:${spaced}`;
    if (/^\/(?!\/)/.test(spaced) || /^#./.test(spaced)) return spaced;
    return spaced === '' ? null : sanitizeUrl(`http://${spaced}`);
  }
  const name = scheme[1]!.toLowerCase();
  if (!ALLOWED_SCHEMES.has(name)) return null;
  return name + spaced.slice(name.length);
}
