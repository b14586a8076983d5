import { CodedError } from '@shared/util';

export enum KybErrorCode {
  KYB_PENDING_LIMIT = 'kyb_pending_limit',
  KYB_REJECTED = 'kyb_rejected',
}

// A transaction the partner's business verification (KYB) does not allow.
export class KybError extends CodedError<KybErrorCode> {}
