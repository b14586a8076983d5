// The KYC status values of the payout API (null, in responses, for a user who never submitted).
export enum KycStatus {
  PENDING = 'PENDING',
  PENDING_APPROVAL = 'PENDING_APPROVAL',
  APPROVED = 'APPROVED',
  REJECTED = 'REJECTED',
}
