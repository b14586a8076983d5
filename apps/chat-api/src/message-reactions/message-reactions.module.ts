import { Module } from '@nestjs/common';
import { MessagesModule } from '../messages/messages.module.js';
import { ReactionsModule } from '../reactions/reactions.module.js';
import { RealmEmojiModule } from '../realm-emoji/realm-emoji.module.js';
import { StreamsModule } from '../streams/streams.module.js';
import { MessageReactionsController } from './message-reactions.controller.js';
import { ReactionAudienceRepository } from './reaction-audience.repository.js';
import { ReactUseCase } from './react.use-case.js';

// POST and DELETE /messages/{message_id}/reactions: above messages, whose access rule they use;
// the reaction table and how messages show reactions live in reactions/, below messages.
@Module({
  imports: [MessagesModule, ReactionsModule, RealmEmojiModule, StreamsModule],
  controllers: [MessageReactionsController],
  providers: [ReactUseCase, ReactionAudienceRepository],
})
export class MessageReactionsModule {}
