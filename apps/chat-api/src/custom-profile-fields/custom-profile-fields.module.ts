import { Module } from '@nestjs/common';
import { OwnsTables } from '@platform/database';
import { MarkdownModule } from '../markdown/markdown.module.js';
import { CustomProfileFieldEntity } from './custom-profile-field.entity.js';
import { CustomProfileFieldValueEntity } from './custom-profile-field-value.entity.js';
import { CustomProfileFieldsController } from './custom-profile-fields.controller.js';
import { CustomProfileFieldsRepository } from './custom-profile-fields.repository.js';
import { CustomProfileFieldsService } from './custom-profile-fields.service.js';
import { CustomProfileFieldsStateProvider } from './custom-profile-fields-state.provider.js';
import { customProfileFieldsMigrations } from './migrations/migrations.js';
import { ProfileData } from './profile-data.service.js';
import { RealmPeopleQuery } from './realm-people.query.js';

// Exports ProfileData: users shows the values in user rows and sets them in PATCH /users/{id}.
@OwnsTables({
  entities: [CustomProfileFieldEntity, CustomProfileFieldValueEntity],
  migrations: customProfileFieldsMigrations,
})
@Module({
  imports: [MarkdownModule],
  controllers: [CustomProfileFieldsController],
  providers: [
    CustomProfileFieldsRepository,
    CustomProfileFieldsService,
    CustomProfileFieldsStateProvider,
    ProfileData,
    RealmPeopleQuery,
  ],
  exports: [ProfileData],
})
export class CustomProfileFieldsModule {}
