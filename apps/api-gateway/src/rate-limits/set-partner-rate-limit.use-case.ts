import { Injectable } from '@nestjs/common';
import { TransactionRunner } from '@platform/database';
import { Clock } from '@shared/util';
import { PartnerError, PartnerErrorCode } from '../partners/partners.errors.js';
import { PartnersRepository } from '../partners/partners.repository.js';
import type { PartnerRateLimitEntity } from './partner-rate-limit.entity.js';
import { PartnerRateLimitBook } from './partner-rate-limit.book.js';
import { PartnerRateLimitsRepository } from './partner-rate-limits.repository.js';
import type { RateLimitPolicy } from './rate-limit-policy.js';
import type { RouteClass } from './route-class.js';

// What an operator asks: one class's limit (null: back to the default), or every class back to
// its default.
export type RateLimitChange =
  | { readonly routeClass: RouteClass; readonly policy: RateLimitPolicy | null }
  | { readonly routeClass: 'all'; readonly policy: null };

// Operators set or clear a partner's limits. The change and its audit row commit together; a
// change that leaves the limits as they were leaves no audit row. This replica applies it at
// once, the others at their next refresh.
@Injectable()
export class SetPartnerRateLimitUseCase {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly partners: PartnersRepository,
    private readonly limits: PartnerRateLimitsRepository,
    private readonly book: PartnerRateLimitBook,
    private readonly clock: Clock,
  ) {}

  async execute(actor: string, partnerId: string, change: RateLimitChange): Promise<void> {
    await this.transactions.run(async (unit) => {
      if (!(await this.partners.partnerExists(unit, partnerId)))
        throw new PartnerError(PartnerErrorCode.PARTNER_NOT_FOUND);
      const before = await this.limits.ofPartner(unit, partnerId);
      const after = this.changed(before, actor, partnerId, change);
      const [fromLimits, toLimits] = [listOf(before), listOf(after)];
      if (fromLimits === toLimits) return;
      await this.limits.replace(unit, partnerId, after);
      await this.limits.recordAudit(unit, { actor, partnerId, fromLimits, toLimits });
    });
    await this.book.refresh();
  }

  private changed(
    before: readonly PartnerRateLimitEntity[],
    actor: string,
    partnerId: string,
    { routeClass, policy }: RateLimitChange,
  ): PartnerRateLimitEntity[] {
    if (routeClass === 'all') return [];
    const kept = before.filter((row) => row.routeClass !== routeClass);
    if (!policy) return kept;
    const set = { partnerId, routeClass, ...policy, updatedBy: actor, updatedAt: this.clock.now() };
    return [...kept, set].sort((a, b) => a.routeClass.localeCompare(b.routeClass));
  }
}

// `class=limit/seconds,…` in class order, as the audit shows it; empty for none.
function listOf(rows: readonly PartnerRateLimitEntity[]): string {
  return rows.map((row) => `${row.routeClass}=${row.limit}/${row.windowSeconds}`).join(',');
}
