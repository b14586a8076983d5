import { Injectable } from '@nestjs/common';
import MarkdownIt from 'markdown-it';
import { normalizeWhitespace } from './html-text.js';
import { preprocessLists } from './list-preprocessor.js';
import { EMPTY_DIRECTORY, type MentionDirectory, type RenderedMessage } from './mention-directory.js';
import { zulipAutolink } from './zulip-autolink.plugin.js';
import { zulipBlocks } from './zulip-blocks.plugin.js';
import { zulipCustomEmoji } from './zulip-custom-emoji.plugin.js';
import { zulipCodeBlocks } from './zulip-code-blocks.plugin.js';
import { zulipEmphasis } from './zulip-emphasis.plugin.js';
import { zulipFencedBlocks } from './zulip-fenced-blocks.plugin.js';
import { zulipInlineText } from './zulip-inline-text.plugin.js';
import { zulipLinks } from './zulip-links.plugin.js';
import { zulipListLooseness } from './zulip-list-looseness.plugin.js';
import { zulipMentions, type ZulipRenderState } from './zulip-mentions.plugin.js';
import { zulipTime } from './zulip-time.plugin.js';
import { zulipUploadPreviews } from './zulip-upload-previews.plugin.js';

// Zulip's Markdown dialect, rendered byte for byte as Zulip Server 11 renders it for the
// constructs each plugin lists (what is not covered is listed in the chat-api README): raw HTML
// is escaped, single newlines are line breaks, and Zulip's mentions, channel links and custom
// emoji render with Zulip's classes.
@Injectable()
export class MessageRenderer {
  private readonly markdown = new MarkdownIt({ html: false, breaks: true })
    .use(zulipMentions)
    .use(zulipCustomEmoji)
    .use(zulipInlineText)
    .use(zulipEmphasis)
    .use(zulipLinks)
    .use(zulipUploadPreviews)
    .use(zulipTime)
    .use(zulipAutolink)
    .use(zulipBlocks)
    .use(zulipCodeBlocks)
    .use(zulipFencedBlocks)
    .use(zulipListLooseness);

  renderMessage(content: string, directory: MentionDirectory): RenderedMessage {
    const zulip: ZulipRenderState = {
      directory,
      outcome: {
        mentionedUserIds: new Set(),
        mentionedGroupIds: new Set(),
        streamWildcard: false,
        topicWildcard: false,
      },
    };
    const html = this.markdown.render(preprocessLists(normalizeWhitespace(content)), { zulip });
    return { html: html.trim(), mentions: zulip.outcome };
  }

  // Text without mentions to resolve (channel descriptions).
  render(content: string): string {
    return this.renderMessage(content, EMPTY_DIRECTORY).html;
  }
}
