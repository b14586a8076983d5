import { Module } from '@nestjs/common';
import { OwnsTables } from '@platform/database';
import { PartnersModule } from '../partners/partners.module.js';
import { FailedAuthenticationLimiter } from './failed-authentication.limiter.js';
import { rateLimitsMigrations } from './migrations/migrations.js';
import { OpsPartnerRateLimitsController } from './ops-partner-rate-limits.controller.js';
import { PartnerRateLimitAuditEntity } from './partner-rate-limit-audit.entity.js';
import { PartnerRateLimitBook } from './partner-rate-limit.book.js';
import { PartnerRateLimitEntity } from './partner-rate-limit.entity.js';
import { PartnerRateLimiter } from './partner-rate-limiter.js';
import { PartnerRateLimitsRepository } from './partner-rate-limits.repository.js';
import { RateLimitCountersRepository } from './rate-limit-counters.repository.js';
import { RateLimitWindowEntity } from './rate-limit-window.entity.js';
import { RateLimitMetrics } from './rate-limit.metrics.js';
import { SetPartnerRateLimitUseCase } from './set-partner-rate-limit.use-case.js';
import { SharedWindowCounters } from './shared-window-counters.js';

// Per-partner limits by route class and the failed-authentication limit per client address
// (README, "Rate limits"): counted in memory, shared across replicas through PostgreSQL, set by
// operators (/ops/partners/{id}/rate-limits). The authentication layer asks them of every request.
@OwnsTables({
  entities: [RateLimitWindowEntity, PartnerRateLimitEntity, PartnerRateLimitAuditEntity],
  migrations: rateLimitsMigrations,
})
@Module({
  imports: [PartnersModule],
  controllers: [OpsPartnerRateLimitsController],
  providers: [
    RateLimitCountersRepository,
    PartnerRateLimitsRepository,
    SharedWindowCounters,
    PartnerRateLimitBook,
    RateLimitMetrics,
    PartnerRateLimiter,
    FailedAuthenticationLimiter,
    SetPartnerRateLimitUseCase,
  ],
  exports: [PartnerRateLimiter, FailedAuthenticationLimiter, SharedWindowCounters, PartnerRateLimitBook],
})
export class RateLimitsModule {}
