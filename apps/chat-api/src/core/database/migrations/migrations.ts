import { Init1795308611809 } from './1795308611809-init.js';
import { ChatCore1795466343783 } from './1795466343783-chat-core.js';
import { SnippetsAndMutes1795468208476 } from './1795468208476-snippets-and-mutes.js';
import { BotServices1795469423353 } from './1795469423353-bot-services.js';
import { ScheduledMessages1795470778783 } from './1795470778783-scheduled-messages.js';
import { UnreadColumn1795477567146 } from './1795477567146-unread-column.js';
import { HeldCopiesGuard1795496221093 } from './1795496221093-held-copies-guard.js';
import { ChatReplicas1795509696551 } from './1795509696551-chat-replicas.js';
import { OutboxXid1795727932048 } from './1795727932048-outbox-xid.js';
import { OutboxTraceContext1796630000000 } from './1796630000000-outbox-trace-context.js';

// The schema as it stood when chat-api was split into feature modules, then the core's own
// changes since (its outbox), in the order applied. A feature declares the migrations it adds since in its own module (@OwnsTables); `npm run
// migrate -- generate --app chat-api --into <feature> --name <name>` writes one there.
export const chatSchemaHistory = [
  Init1795308611809,
  ChatCore1795466343783,
  SnippetsAndMutes1795468208476,
  BotServices1795469423353,
  ScheduledMessages1795470778783,
  UnreadColumn1795477567146,
  HeldCopiesGuard1795496221093,
  ChatReplicas1795509696551,
  OutboxXid1795727932048,
  OutboxTraceContext1796630000000,
];
