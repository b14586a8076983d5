import { Module } from '@nestjs/common';
import { OwnsTables } from '@platform/database';
import { gatewaySchemaHistory } from './database/migrations/migrations.js';

// What every feature stands on: the schema history up to the feature modules. The config, the
// error presenter and its response body are plain classes the features and the definition import.
@OwnsTables({ migrations: gatewaySchemaHistory })
@Module({})
export class GatewayCoreModule {}
