import { Module } from '@nestjs/common';
import { OwnsTables } from '@platform/database';
import { quoteSchemaHistory } from './database/migrations/migrations.js';

// What every feature stands on is plain code (config, coded errors, route columns); as a module
// the core owns the schema history up to the feature modules.
@OwnsTables({ migrations: quoteSchemaHistory })
@Module({})
export class QuoteCoreModule {}
