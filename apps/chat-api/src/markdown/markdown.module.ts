import { Module } from '@nestjs/common';
import { MentionLookup } from './mention-lookup.js';
import { MessageRenderer } from './message-renderer.js';

@Module({
  providers: [MentionLookup, MessageRenderer],
  exports: [MentionLookup, MessageRenderer],
})
export class MarkdownModule {}
