import { Module } from '@nestjs/common';
import { OwnsTables } from '@platform/database';
import { webhookSchemaHistory } from './database/migrations/migrations.js';

// What every feature stands on: the schema history up to the feature modules. The config, the
// coded errors and their presenter, the caller check and the leased work loop are plain classes
// and functions the features import.
@OwnsTables({ migrations: webhookSchemaHistory })
@Module({})
export class WebhookDispatcherCoreModule {}
