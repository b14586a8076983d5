import { Module } from '@nestjs/common';
import { OwnsTables } from '@platform/database';
import { InternalRailCapsController } from './internal-rail-caps.controller.js';
import { railCapsMigrations } from './migrations/migrations.js';
import { RailCapEntity } from './rail-cap.entity.js';
import { RailCapsRepository } from './rail-caps.repository.js';
import { TransactionCap } from './transaction-cap.js';

// Each rail's payout caps (per transaction, per user per day, per payment method per day): set by
// operators (corridor-administration), checked per transaction at quote, read by
// transaction-service, which enforces them all at accept.
@OwnsTables({ entities: [RailCapEntity], migrations: railCapsMigrations })
@Module({
  controllers: [InternalRailCapsController],
  providers: [RailCapsRepository, TransactionCap],
  exports: [RailCapsRepository, TransactionCap],
})
export class RailCapsModule {}
