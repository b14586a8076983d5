import { Injectable } from '@nestjs/common';
import MarkdownIt from 'markdown-it';

// Zulip's Markdown dialect, as far as clients rely on it: raw HTML is escaped, single newlines
// are line breaks, bare URLs become links.
@Injectable()
export class MessageRenderer {
  private readonly markdown = new MarkdownIt({ html: false, breaks: true, linkify: true });

  render(content: string): string {
    return this.markdown.render(content).trim();
  }
}
