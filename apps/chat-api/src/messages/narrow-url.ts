// Zulip's links to a message (zerver/lib/url_encoding.py message_link_url): absolute, with the
// channel and topic, or the conversation's user ids, encoded the way the web app reads them.
interface LinkedMessage {
  readonly id: number;
  readonly type: string;
  readonly stream_id?: number | null;
  readonly display_recipient: unknown;
  readonly subject: string;
}

// Python's urllib.parse.quote(s, safe="*"), then `%` → `.` and `.` → `.2E`.
export function encodeHashComponent(text: string): string {
  const quoted = encodeURIComponent(text).replace(
    /[!'()]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return quoted.replace(/[%.]/g, (c) => (c === '%' ? '.' : '.2E'));
}

export function messageNearUrl(realmUrl: string, message: LinkedMessage): string {
  if (message.type === 'stream') {
    const channel = `${message.stream_id}-${encodeHashComponent(String(message.display_recipient).replace(/ /g, '-'))}`;
    return `${realmUrl}/#narrow/channel/${channel}/topic/${encodeHashComponent(message.subject)}/near/${message.id}`;
  }
  const ids = (message.display_recipient as ReadonlyArray<{ id: number }>)
    .map((recipient) => recipient.id)
    .sort((a, b) => a - b);
  return `${realmUrl}/#narrow/dm/${ids.join(',')}${ids.length >= 3 ? '-group' : ''}/near/${message.id}`;
}
