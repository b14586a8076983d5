import { Global, Module } from '@nestjs/common';
import { OwnsTables } from '@platform/database';
import { DiscoveryModule } from '@nestjs/core';
import { AccountLifecycle } from './accounts/account-lifecycle.js';
import { RealmEntity } from './accounts/realm.entity.js';
import { UserEntity } from './accounts/user.entity.js';
import { chatSchemaHistory } from './database/migrations/migrations.js';
import { ChatRouteTable } from './http/chat-route-table.js';
import { MessageEditLifecycle } from './messages/message-edit-lifecycle.js';
import { MessageSendLifecycle } from './messages/message-send-lifecycle.js';

// What every feature stands on: the accounts every request is made by (realms and users) with
// the schema history up to the feature modules, the table of every chat route, and the
// announcements of account changes, message sends and content edits the features above react to.
@Global()
@OwnsTables({ entities: [RealmEntity, UserEntity], migrations: chatSchemaHistory })
@Module({
  imports: [DiscoveryModule],
  providers: [ChatRouteTable, AccountLifecycle, MessageSendLifecycle, MessageEditLifecycle],
  exports: [ChatRouteTable, AccountLifecycle, MessageSendLifecycle, MessageEditLifecycle],
})
export class ChatCoreModule {}
