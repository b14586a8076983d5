import { Module } from '@nestjs/common';
import { OwnsTables } from '@platform/database';
import { ReactionEntity } from './reaction.entity.js';
import { ReactionsRepository } from './reactions.repository.js';
import { reactionsMigrations } from './migrations/migrations.js';

// The reaction table and its reads; messages shows reactions through it, and message-reactions
// (above messages, which it needs for access) adds and removes them.
@OwnsTables({ entities: [ReactionEntity], migrations: reactionsMigrations })
@Module({
  providers: [ReactionsRepository],
  exports: [ReactionsRepository],
})
export class ReactionsModule {}
