import { Module } from '@nestjs/common';
import { MessagesModule } from '../messages/messages.module.js';
import { UsersModule } from '../users/users.module.js';
import { GroupMembershipNoticesListener } from './group-membership-notices.listener.js';

@Module({
  imports: [MessagesModule, UsersModule],
  providers: [GroupMembershipNoticesListener],
})
export class UserGroupNoticesModule {}
