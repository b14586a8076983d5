import { Module } from '@nestjs/common';
import { ChannelFoldersModule } from '../channel-folders/channel-folders.module.js';
import { DefaultStreamsModule } from '../default-streams/default-streams.module.js';
import { MarkdownModule } from '../markdown/markdown.module.js';
import { MessagesModule } from '../messages/messages.module.js';
import { StreamsModule } from '../streams/streams.module.js';
import { UsersModule } from '../users/users.module.js';
import { ChannelSettingsController } from './channel-settings.controller.js';
import { UpdateChannelUseCase } from './update-channel.use-case.js';

// PATCH /streams/{stream_id}: above messages (the Notification Bot's notices), channel folders
// and default channels (its checks), so not in streams/.
@Module({
  imports: [
    ChannelFoldersModule,
    DefaultStreamsModule,
    MarkdownModule,
    MessagesModule,
    StreamsModule,
    UsersModule,
  ],
  controllers: [ChannelSettingsController],
  providers: [UpdateChannelUseCase],
})
export class ChannelSettingsModule {}
