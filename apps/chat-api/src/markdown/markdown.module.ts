import { Module } from '@nestjs/common';
import { MentionLookupQuery } from './mention-lookup.query.js';
import { MessageRenderer } from './message-renderer.js';

@Module({
  providers: [MentionLookupQuery, MessageRenderer],
  exports: [MentionLookupQuery, MessageRenderer],
})
export class MarkdownModule {}
