import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { entityManagerOf, type UnitOfWork } from '@platform/database';
import { KycCiphers } from '../core/crypto/kyc-ciphers.js';
import { KycStatus } from './kyc-status.js';
import { KycSubmissionEntity } from './kyc-submission.entity.js';
import { PERSONAL_DATA_FIELDS, type KycPersonalData, type KycSubmission } from './kyc-submission.js';

export interface KycStatusView {
  readonly hasApproved: boolean;
  readonly status: KycStatus | null;
}

type SealedPersonalData = Record<keyof KycPersonalData, Buffer>;

// Every query takes the partner id: another partner's user is a user who never submitted.
// Personal data is sealed on the way in and opened on the way out, so no other code handles
// the ciphertext.
@Injectable()
export class KycSubmissionsRepository {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    private readonly ciphers: KycCiphers,
  ) {}

  async insert(unit: UnitOfWork, submission: KycSubmission): Promise<void> {
    const manager = entityManagerOf(unit);
    const entity: KycSubmissionEntity = {
      id: submission.id,
      partnerId: submission.partnerId,
      userId: submission.userId,
      status: submission.status,
      documentType: submission.documentType,
      documentStorageKey: submission.document.storageKey,
      documentMimeType: submission.document.mimeType,
      documentSizeBytes: submission.document.sizeBytes,
      ...this.seal(submission.id, submission.personalData),
      submittedAt: submission.submittedAt,
      decidedAt: submission.decidedAt,
    };
    await manager.insert(KycSubmissionEntity, entity);
  }

  async findForPartner(partnerId: string, submissionId: string): Promise<KycSubmission | null> {
    const entity = await this.submissions().findOneBy({ partnerId, id: submissionId });
    if (!entity) return null;
    return {
      id: entity.id,
      partnerId: entity.partnerId,
      userId: entity.userId,
      status: entity.status,
      documentType: entity.documentType,
      document: {
        storageKey: entity.documentStorageKey,
        mimeType: entity.documentMimeType,
        sizeBytes: entity.documentSizeBytes,
      },
      personalData: this.open(entity),
      submittedAt: entity.submittedAt,
      decidedAt: entity.decidedAt,
    };
  }

  // The latest submission's status; approved if any submission of the user ever was.
  async statusOf(partnerId: string, userId: string): Promise<KycStatusView> {
    const latest = await this.submissions().findOne({
      select: { id: true, status: true },
      where: { partnerId, userId },
      order: { submittedAt: 'DESC', id: 'DESC' },
    });
    if (!latest) return { hasApproved: false, status: null };
    const hasApproved =
      latest.status === KycStatus.APPROVED ||
      (await this.submissions().existsBy({ partnerId, userId, status: KycStatus.APPROVED }));
    return { hasApproved, status: latest.status };
  }

  private submissions() {
    return this.dataSource.getRepository(KycSubmissionEntity);
  }

  private seal(submissionId: string, data: KycPersonalData): SealedPersonalData {
    return Object.fromEntries(
      PERSONAL_DATA_FIELDS.map((field) => [
        field,
        this.ciphers.pii.seal(Buffer.from(data[field], 'utf8'), columnLabel(submissionId, field)),
      ]),
    ) as SealedPersonalData;
  }

  private open(entity: KycSubmissionEntity): KycPersonalData {
    const open = (field: keyof KycPersonalData) =>
      this.ciphers.pii.open(entity[field], columnLabel(entity.id, field)).toString('utf8');
    return {
      fullName: open('fullName'),
      documentNumber: open('documentNumber'),
      dateOfBirth: open('dateOfBirth'),
      nationality: open('nationality'),
      city: open('city'),
      address: open('address'),
      email: open('email'),
      phone: open('phone'),
    };
  }
}

const columnLabel = (submissionId: string, field: keyof KycPersonalData) =>
  `kyc-submission:${submissionId}:${field}`;
