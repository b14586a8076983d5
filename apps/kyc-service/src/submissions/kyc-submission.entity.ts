import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { KycDocumentType } from './kyc-document-type.js';
import type { KycStatus } from './kyc-status.js';

// One KYC submission. The personal data columns hold AES-256-GCM sealed values (iv | tag |
// ciphertext), each bound to its row and column; the document itself lives in DocumentStorage.
@Entity({ name: 'kyc_submission' })
@Index('kyc_submission_user_idx', ['partnerId', 'userId', 'submittedAt'])
export class KycSubmissionEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'partner_id', type: 'uuid' })
  partnerId!: string;

  @Column({ name: 'user_id', type: 'varchar', length: 128 })
  userId!: string;

  @Column({ type: 'varchar', length: 20 })
  status!: KycStatus;

  @Column({ name: 'document_type', type: 'varchar', length: 20 })
  documentType!: KycDocumentType;

  @Column({ name: 'document_storage_key', type: 'varchar', length: 128 })
  documentStorageKey!: string;

  @Column({ name: 'document_mime_type', type: 'varchar', length: 40 })
  documentMimeType!: string;

  @Column({ name: 'document_size_bytes', type: 'int' })
  documentSizeBytes!: number;

  @Column({ name: 'full_name', type: 'bytea' })
  fullName!: Buffer;

  @Column({ name: 'document_number', type: 'bytea' })
  documentNumber!: Buffer;

  @Column({ name: 'date_of_birth', type: 'bytea' })
  dateOfBirth!: Buffer;

  @Column({ type: 'bytea' })
  nationality!: Buffer;

  @Column({ type: 'bytea' })
  city!: Buffer;

  @Column({ type: 'bytea' })
  address!: Buffer;

  @Column({ type: 'bytea' })
  email!: Buffer;

  @Column({ type: 'bytea' })
  phone!: Buffer;

  @Column({ name: 'submitted_at', type: 'timestamptz' })
  submittedAt!: Date;

  @Column({ name: 'decided_at', type: 'timestamptz', nullable: true })
  decidedAt!: Date | null;
}
