import { Injectable } from '@nestjs/common';
import MarkdownIt from 'markdown-it';
import { EMPTY_DIRECTORY, type MentionDirectory, type RenderedMessage } from './mention-directory.js';
import { zulipMentions, type ZulipRenderState } from './zulip-mentions.plugin.js';

// Zulip's Markdown dialect, as far as clients rely on it: raw HTML is escaped, single newlines
// are line breaks, bare URLs become links, and Zulip's mentions and channel links render with
// Zulip's classes (zulip-mentions.plugin.ts).
@Injectable()
export class MessageRenderer {
  private readonly markdown = new MarkdownIt({ html: false, breaks: true, linkify: true }).use(zulipMentions);

  renderMessage(content: string, directory: MentionDirectory): RenderedMessage {
    const zulip: ZulipRenderState = {
      directory,
      outcome: { mentionedUserIds: new Set(), streamWildcard: false, topicWildcard: false },
    };
    return { html: this.markdown.render(content, { zulip }).trim(), mentions: zulip.outcome };
  }

  // Text without mentions to resolve (channel descriptions).
  render(content: string): string {
    return this.renderMessage(content, EMPTY_DIRECTORY).html;
  }
}
