import type { MarkdownIt, StateCore, Token } from 'markdown-it';
import type { MentionDirectory } from './mention-directory.js';
import { previewImageTag } from './upload-preview.js';
import type { ZulipRenderState } from './zulip-mentions.plugin.js';

// Zulip's IMAGE_EXTENSIONS: the uploads whose links get an inline preview.
const IMAGE_EXTENSIONS = ['.bmp', '.gif', '.jpe', '.jpeg', '.jpg', '.png', '.webp'];
const UPLOAD_HREF = /^\/?user_uploads\//;
const UPLOAD_PREFIX = '/user_uploads/';

interface UploadImageLink {
  readonly href: string;
  // The link's text when it differs from its URL (a named link), which Zulip uses as the title.
  readonly title: string | undefined;
}

// Links to uploaded images get Zulip's preview block after their paragraph:
// `<div class="message_inline_image"><a href="…" title="…"><img …></a></div>`, the image being
// the upload's thumbnail, or a loading placeholder until it is made. A paragraph
// that is nothing but the bare link is replaced by its preview, as Zulip does. Only paragraphs at
// the top of the message are looked at (Zulip does not preview inside quotes).
export function zulipUploadPreviews(md: MarkdownIt): void {
  md.core.ruler.after('zulip_link_fixups', 'zulip_upload_previews', addPreviews);
}

function addPreviews(state: StateCore): void {
  const directory = (state.env['zulip'] as ZulipRenderState | undefined)?.directory;
  const tokens: Token[] = [];
  for (let at = 0; at < state.tokens.length; at++) {
    const open = state.tokens[at]!;
    const inline = state.tokens[at + 1];
    const links =
      open.type === 'paragraph_open' && open.level === 0 && inline ? uploadImageLinks(inline, directory) : [];
    if (links.length === 0) {
      tokens.push(open);
      continue;
    }
    if (!isOnlyBareLink(inline!)) tokens.push(open, inline!, state.tokens[at + 2]!);
    for (const link of links) tokens.push(previewBlock(state, link, directory));
    at += 2;
  }
  state.tokens = tokens;
}

function uploadImageLinks(inline: Token, directory: MentionDirectory | undefined): UploadImageLink[] {
  const children = inline.children ?? [];
  const links: UploadImageLink[] = [];
  children.forEach((token, at) => {
    if (token.type !== 'link_open') return;
    const href = String(token.attrGet('href') ?? '');
    if (!isPreviewedUpload(href, directory)) return;
    const text = linkText(children, at);
    links.push({ href, title: text === href ? undefined : text });
  });
  return links;
}

// With the realm's image uploads at hand, an upload is previewed when the server read it as an
// image (Zulip's is_image); without, by its extension.
function isPreviewedUpload(href: string, directory: MentionDirectory | undefined): boolean {
  if (directory?.uploadPreviews && href.startsWith(UPLOAD_PREFIX))
    return directory.uploadPreviews.has(href.slice(UPLOAD_PREFIX.length));
  const path = href.split(/[?#]/)[0]!.toLowerCase();
  return UPLOAD_HREF.test(href) && IMAGE_EXTENSIONS.some((extension) => path.endsWith(extension));
}

function linkText(children: readonly Token[], openAt: number): string {
  let text = '';
  for (let at = openAt + 1; at < children.length && children[at]!.type !== 'link_close'; at++)
    text += children[at]!.content;
  return text;
}

function isOnlyBareLink(inline: Token): boolean {
  const [open, text, close, ...rest] = inline.children ?? [];
  return (
    rest.length === 0 &&
    open?.type === 'link_open' &&
    text?.type === 'text' &&
    close?.type === 'link_close' &&
    text.content === open.attrGet('href')
  );
}

function previewBlock(
  state: StateCore,
  link: UploadImageLink,
  directory: MentionDirectory | undefined,
): Token {
  const escape = state.md.utils.escapeHtml;
  const title = link.title === undefined ? '' : ` title="${escape(link.title)}"`;
  const preview = link.href.startsWith(UPLOAD_PREFIX)
    ? directory?.uploadPreviews?.get(link.href.slice(UPLOAD_PREFIX.length))
    : undefined;
  const image = preview ? previewImageTag(preview) : `<img src="${escape(link.href)}">`;
  const block = new state.Token('html_block', '', 0);
  block.content = `<div class="message_inline_image"><a href="${escape(link.href)}"${title}>${image}</a></div>\n`;
  return block as Token;
}
