import { Global, Module } from '@nestjs/common';
import { OwnsTables } from '@platform/database';
import { CompletedPayoutsQuery } from './completed-payouts.query.js';
import { KycGate } from './kyc-gate.js';
import { KycPoliciesRepository } from './kyc-policies.repository.js';
import { KycPolicyAuditEntity } from './kyc-policy-audit.entity.js';
import { KycPolicyEntity } from './kyc-policy.entity.js';
import { OpsKycPoliciesController } from './ops-kyc-policies.controller.js';

// Whether a user must pass KYC before a payout: each partner's policy, set by operators.
@Global()
@OwnsTables({ entities: [KycPolicyEntity, KycPolicyAuditEntity] })
@Module({
  controllers: [OpsKycPoliciesController],
  providers: [KycPoliciesRepository, CompletedPayoutsQuery, KycGate],
  exports: [KycGate],
})
export class KycGateModule {}
