import { Injectable } from '@nestjs/common';
import { MessageRenderer } from '../markdown/message-renderer.js';
import { MentionContext } from './mention-context.js';

// The HTML a message with this content would get if sent now, mentions and channel links
// resolved in the realm: Zulip's render_message_markdown, for POST /messages/render and the
// rendered_content of scheduled messages and reminders.
@Injectable()
export class MessagePreview {
  constructor(
    private readonly renderer: MessageRenderer,
    private readonly mentions: MentionContext,
  ) {}

  async html(realmId: number, content: string): Promise<string> {
    return this.renderer.renderMessage(content, await this.mentions.directoryFor(realmId, content)).html;
  }
}
