import { Module } from '@nestjs/common';
import { OwnsTables } from '@platform/database';
import { MarkdownModule } from '../markdown/markdown.module.js';
import { UsersModule } from '../users/users.module.js';
import { ChannelFolderEntity } from './channel-folder.entity.js';
import { ChannelFoldersController } from './channel-folders.controller.js';
import { ChannelFoldersRepository } from './channel-folders.repository.js';
import { ChannelFoldersService } from './channel-folders.service.js';
import { ChannelFoldersStateProvider } from './channel-folders-state.provider.js';
import { channelFoldersMigrations } from './migrations/migrations.js';

@OwnsTables({ entities: [ChannelFolderEntity], migrations: channelFoldersMigrations })
@Module({
  imports: [MarkdownModule, UsersModule],
  controllers: [ChannelFoldersController],
  providers: [ChannelFoldersRepository, ChannelFoldersService, ChannelFoldersStateProvider],
  exports: [ChannelFoldersService],
})
export class ChannelFoldersModule {}
