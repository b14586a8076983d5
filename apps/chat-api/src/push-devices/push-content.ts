// The text of a notification, from a message's rendered HTML (Zulip's get_mobile_push_content):
// emoji become their characters, images their alt text, quotes `> ` lines, ordered lists
// numbered items; every other element is its text. The HTML is this server's own rendering,
// so a small reader of tags and text is enough.

interface HtmlElement {
  readonly tag: string;
  readonly attributes: ReadonlyMap<string, string>;
  readonly children: HtmlNode[];
}
type HtmlNode = HtmlElement | string;

const VOID_TAGS = new Set(['br', 'hr', 'img', 'input', 'wbr', 'source']);
const TOKEN =
  /<!--[\s\S]*?-->|<\/([a-zA-Z][\w-]*)\s*>|<([a-zA-Z][\w-]*)((?:\s+[^\s=>/]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?)*)\s*\/?>|[^<]+|</g;
const ATTRIBUTE = /([^\s=>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;
const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|[a-zA-Z]+);/g, (whole, name: string) => {
    if (name.startsWith('#x')) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(parseInt(name.slice(1), 10));
    return NAMED_ENTITIES[name] ?? whole;
  });
}

function parse(html: string): HtmlElement {
  const root: HtmlElement = { tag: 'div', attributes: new Map(), children: [] };
  const open: HtmlElement[] = [root];
  for (const [token, closing, opening, attributeText] of html.matchAll(TOKEN)) {
    const current = open[open.length - 1]!;
    if (token.startsWith('<!--')) continue;
    if (closing) {
      const at = open.map((element) => element.tag).lastIndexOf(closing.toLowerCase());
      if (at > 0) open.length = at;
    } else if (opening) {
      const attributes = new Map<string, string>();
      for (const [, name, double, single, bare] of (attributeText ?? '').matchAll(ATTRIBUTE))
        attributes.set(name!.toLowerCase(), decodeEntities(double ?? single ?? bare ?? ''));
      const element: HtmlElement = { tag: opening.toLowerCase(), attributes, children: [] };
      current.children.push(element);
      if (!VOID_TAGS.has(element.tag) && !token.endsWith('/>')) open.push(element);
    } else {
      current.children.push(decodeEntities(token));
    }
  }
  return root;
}

function emojiOf(element: HtmlElement): string | null {
  const match = /(?:^|\s)emoji-(\S+)/.exec(element.attributes.get('class') ?? '');
  if (!match || !/(?:^|\s)emoji(?:\s|$)/.test(element.attributes.get('class') ?? '')) return null;
  const points = match[1]!.split('-').map((hex) => parseInt(hex, 16));
  return points.every((point) => Number.isInteger(point) && point <= 0x10ffff)
    ? String.fromCodePoint(...points)
    : null;
}

function textOf(node: HtmlNode): string {
  if (typeof node === 'string') return node;
  if (node.tag === 'ol') {
    let counter = Number(node.attributes.get('start') ?? '1') || 1;
    return node.children
      .filter((child): child is HtmlElement => typeof child !== 'string' && child.tag === 'li')
      .map((item) => `${counter++}. ${textOf(item).trim()}`)
      .join('\n');
  }
  const emoji = emojiOf(node);
  if (emoji !== null) return emoji;
  if (node.tag === 'img') return node.attributes.get('alt') ?? '';
  const inner = node.children.map(textOf).join('');
  if (node.tag === 'blockquote')
    return inner
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => `> ${line}\n`)
      .join('');
  return inner;
}

export function pushContent(renderedHtml: string): string {
  return textOf(parse(renderedHtml));
}

const MAX_CONTENT = 200;

// Zulip's truncate_content: 200 characters (code points), then an ellipsis.
export function truncatedContent(content: string): { readonly text: string; readonly truncated: boolean } {
  const points = [...content];
  if (points.length <= MAX_CONTENT) return { text: content, truncated: false };
  return { text: `${points.slice(0, MAX_CONTENT).join('')}…`, truncated: true };
}
