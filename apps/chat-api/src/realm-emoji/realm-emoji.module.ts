import { Module } from '@nestjs/common';
import { OwnsTables } from '@platform/database';
import { UploadsModule } from '../uploads/uploads.module.js';
import { UserGroupsModule } from '../user-groups/user-groups.module.js';
import { UsersModule } from '../users/users.module.js';
import { CustomEmojiCatalog } from './custom-emoji-catalog.js';
import { realmEmojiMigrations } from './migrations/migrations.js';
import { RealmEmojiEntity } from './realm-emoji.entity.js';
import { RealmEmojiController } from './realm-emoji.controller.js';
import { RealmEmojiImagesController } from './realm-emoji-images.controller.js';
import { RealmEmojiRepository } from './realm-emoji.repository.js';
import { RealmEmojiService } from './realm-emoji.service.js';
import { RealmEmojiStateProvider } from './realm-emoji-state.provider.js';

// Images go to the uploads feature's store, under their own path ids. Exports the catalog
// reactions check emoji against.
@OwnsTables({ entities: [RealmEmojiEntity], migrations: realmEmojiMigrations })
@Module({
  imports: [UploadsModule, UserGroupsModule, UsersModule],
  controllers: [RealmEmojiController, RealmEmojiImagesController],
  providers: [CustomEmojiCatalog, RealmEmojiRepository, RealmEmojiService, RealmEmojiStateProvider],
  exports: [CustomEmojiCatalog],
})
export class RealmEmojiModule {}
