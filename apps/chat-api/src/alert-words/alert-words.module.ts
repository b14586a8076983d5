import { Module } from '@nestjs/common';
import { OwnsTables } from '@platform/database';
import { AlertWordEntity } from './alert-word.entity.js';
import { AlertWordMatcher } from './alert-word-matcher.js';
import { AlertWordsController } from './alert-words.controller.js';
import { AlertWordsRepository } from './alert-words.repository.js';
import { AlertWordsService } from './alert-words.service.js';
import { AlertWordsStateProvider } from './alert-words-state.provider.js';
import { alertWordsMigrations } from './migrations/migrations.js';

@OwnsTables({ entities: [AlertWordEntity], migrations: alertWordsMigrations })
@Module({
  controllers: [AlertWordsController],
  providers: [AlertWordMatcher, AlertWordsRepository, AlertWordsService, AlertWordsStateProvider],
  exports: [AlertWordMatcher],
})
export class AlertWordsModule {}
