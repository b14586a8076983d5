import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { LOGGER, type Logger } from '@platform/logging';
import { policiesFrom, type RateLimitPolicies, type RateLimitPolicy } from './rate-limit-policy.js';
import { PartnerRateLimitsRepository } from './partner-rate-limits.repository.js';
import { RateLimitsConfig } from './rate-limits.config.js';
import type { RouteClass } from './route-class.js';

// Each partner's limits, held in memory so that admitting a request reads no table: the defaults
// (RATE_LIMIT_DEFAULTS), and the operators' overrides read again every
// RATE_LIMIT_OVERRIDES_REFRESH_MS, so a change reaches every replica within that time (and the
// replica that made it at once).
@Injectable()
export class PartnerRateLimitBook implements OnApplicationBootstrap, OnApplicationShutdown {
  readonly defaults: RateLimitPolicies;
  private overrides = new Map<string, Map<RouteClass, RateLimitPolicy>>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly limits: PartnerRateLimitsRepository,
    private readonly config: RateLimitsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.defaults = policiesFrom(config.RATE_LIMIT_DEFAULTS);
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.refresh();
    this.timer = setInterval(() => void this.refresh(), this.config.RATE_LIMIT_OVERRIDES_REFRESH_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }

  policyOf(partnerId: string, routeClass: RouteClass): RateLimitPolicy {
    return this.overrides.get(partnerId)?.get(routeClass) ?? this.defaults[routeClass];
  }

  overridesOf(partnerId: string): ReadonlyMap<RouteClass, RateLimitPolicy> {
    return this.overrides.get(partnerId) ?? new Map();
  }

  // A failed read keeps the limits last read: requests go on being limited as before.
  async refresh(): Promise<void> {
    try {
      const overrides = new Map<string, Map<RouteClass, RateLimitPolicy>>();
      for (const row of await this.limits.all()) {
        const partner = overrides.get(row.partnerId) ?? new Map<RouteClass, RateLimitPolicy>();
        partner.set(row.routeClass, { limit: row.limit, windowSeconds: row.windowSeconds });
        overrides.set(row.partnerId, partner);
      }
      this.overrides = overrides;
    } catch (error) {
      this.logger.warn({ err: error }, 'partner rate limits not refreshed; keeping the last read');
    }
  }
}
