import { Injectable } from '@nestjs/common';
import { MentionLookupQuery } from '../markdown/mention-lookup.query.js';
import { MessageRenderer } from '../markdown/message-renderer.js';

// The HTML a message with this content would get if sent now, mentions and channel links
// resolved in the realm: Zulip's render_message_markdown, for POST /messages/render and the
// rendered_content of scheduled messages and reminders.
@Injectable()
export class MessagePreview {
  constructor(
    private readonly renderer: MessageRenderer,
    private readonly mentions: MentionLookupQuery,
  ) {}

  async html(realmId: number, content: string): Promise<string> {
    return this.renderer.renderMessage(content, await this.mentions.directoryFor(realmId, content)).html;
  }
}
