import { Module } from '@nestjs/common';
import { OwnsTables } from '@platform/database';
import { SavedSnippetEntity } from './saved-snippet.entity.js';
import { SavedSnippetsController } from './saved-snippets.controller.js';
import { SavedSnippetsRepository } from './saved-snippets.repository.js';
import { SavedSnippetsService } from './saved-snippets.service.js';
import { SavedSnippetsStateProvider } from './saved-snippets-state.provider.js';

@OwnsTables({ entities: [SavedSnippetEntity] })
@Module({
  controllers: [SavedSnippetsController],
  providers: [SavedSnippetsRepository, SavedSnippetsService, SavedSnippetsStateProvider],
})
export class SavedSnippetsModule {}
