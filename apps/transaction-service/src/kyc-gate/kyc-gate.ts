import { Injectable } from '@nestjs/common';
import { decimal } from '@payout/money';
import { Clock } from '@shared/util';
import { UpstreamClients } from '../core/upstreams/upstream-clients.js';
import { CompletedPayoutsQuery } from './completed-payouts.query.js';
import { KycPoliciesRepository } from './kyc-policies.repository.js';

const WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

export interface KycQuestion {
  readonly partnerId: string;
  readonly userId: string;
  // The crypto amount of the payout being accepted (stablecoins: USD-equivalent).
  readonly amount: string;
}

// Whether a user must complete KYC before this payout: the partner's policy decides whether KYC
// matters (never, always, or once 30 days of completed payouts plus this one pass the threshold);
// when it does, an approved KYC at kyc-service settles it.
@Injectable()
export class KycGate {
  constructor(
    private readonly policies: KycPoliciesRepository,
    private readonly completedPayouts: CompletedPayoutsQuery,
    private readonly upstreams: UpstreamClients,
    private readonly clock: Clock,
  ) {}

  async kycRequired(question: KycQuestion): Promise<boolean> {
    if (!(await this.kycMatters(question))) return false;
    const standing = await this.upstreams.kyc(question.partnerId, question.userId);
    return !standing.hasApproved;
  }

  private async kycMatters({ partnerId, userId, amount }: KycQuestion): Promise<boolean> {
    const policy = await this.policies.of(partnerId);
    switch (policy.mode) {
      case 'off':
        return false;
      case 'always':
        return true;
      case 'threshold': {
        const since = new Date(this.clock.now().getTime() - WINDOW_MS);
        const completed = await this.completedPayouts.completedVolume(partnerId, userId, since);
        return decimal(completed).plus(decimal(amount)).gt(decimal(policy.thresholdAmount));
      }
    }
  }
}
