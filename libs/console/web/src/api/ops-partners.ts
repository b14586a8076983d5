import type { IssuedApiKey } from './api-keys.js';
import type { ListPage } from './list-page.js';

// api-gateway's answers to GET and POST /ops/partners; transaction-service's to /ops/kyc-policies.
export interface PartnerSummary {
  readonly id: string;
  readonly name: string;
  readonly createdAt: string;
  readonly activeKeys: number;
  // Its key quota: the most keys not revoked it may hold, the default unless an operator set it.
  readonly maxActiveKeys: number;
  readonly keyQuotaSource: 'default' | 'operator';
}

export interface PartnerList extends ListPage {
  readonly partners: readonly PartnerSummary[];
}

export interface CreatedPartner extends IssuedApiKey {
  readonly partnerId: string;
  readonly name: string;
}

export type KycPolicyMode = 'off' | 'always' | 'threshold';
export const KYC_POLICY_MODES: readonly KycPolicyMode[] = ['off', 'always', 'threshold'];

export interface KycPolicy {
  readonly partnerId: string;
  readonly mode: KycPolicyMode;
  readonly thresholdAmount: string;
  readonly source: 'default' | 'partner';
}

// transaction-service's answers to /ops/partner-kyb: a partner never set is approved.
export type KybStatus = 'pending' | 'approved' | 'rejected';
export const KYB_STATUSES: readonly KybStatus[] = ['approved', 'pending', 'rejected'];

export interface PartnerKyb {
  readonly partnerId: string;
  readonly status: KybStatus;
  // While pending: the completed volume allowed, in source units.
  readonly pendingLimit: string;
  readonly updatedBy: string | null;
  readonly updatedAt: string | null;
}

// One of api-gateway's answers to GET /ops/partners/{id}/users/disabled.
export interface DisabledUser {
  readonly userId: string;
  readonly disabledAt: string;
}

export interface DisabledUserPage {
  readonly page: number;
  readonly pageSize: number;
  readonly total: number;
  readonly users: readonly DisabledUser[];
}
