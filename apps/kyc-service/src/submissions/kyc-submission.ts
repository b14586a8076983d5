import type { KycDocumentType } from './kyc-document-type.js';
import type { KycStatus } from './kyc-status.js';

// The personal data of a submission: stored only encrypted.
export interface KycPersonalData {
  readonly fullName: string;
  readonly documentNumber: string;
  // Calendar date, YYYY-MM-DD.
  readonly dateOfBirth: string;
  readonly nationality: string;
  readonly city: string;
  readonly address: string;
  readonly email: string;
  readonly phone: string;
}

export const PERSONAL_DATA_FIELDS = [
  'fullName',
  'documentNumber',
  'dateOfBirth',
  'nationality',
  'city',
  'address',
  'email',
  'phone',
] as const satisfies readonly (keyof KycPersonalData)[];

export interface KycSubmission {
  readonly id: string;
  readonly partnerId: string;
  // The partner's user id (or a wallet address): the lookup key, kept in clear.
  readonly userId: string;
  readonly status: KycStatus;
  readonly documentType: KycDocumentType;
  readonly document: {
    readonly storageKey: string;
    readonly mimeType: string;
    readonly sizeBytes: number;
  };
  readonly personalData: KycPersonalData;
  readonly submittedAt: Date;
  readonly decidedAt: Date | null;
}
