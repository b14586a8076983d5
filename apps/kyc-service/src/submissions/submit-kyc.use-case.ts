import { Inject, Injectable } from '@nestjs/common';
import { TransactionalOutbox } from '@platform/messaging';
import { PayoutTopic, type PayoutTopics } from '@shared/contracts';
import { Clock, IdGenerator } from '@shared/util';
import { inspectDocument, type UploadedDocument } from '../documents/document-inspection.js';
import { DocumentVault } from '../documents/document-vault.js';
import { MalwareScanner } from '../documents/malware-scanner.js';
import { birthDateBefore } from './birth-date.js';
import { mayActFor, type KycCaller } from './kyc-caller.js';
import type { KycDocumentType } from './kyc-document-type.js';
import { KycStatus } from './kyc-status.js';
import type { KycPersonalData, KycSubmission } from './kyc-submission.js';
import { KycSubmissionsRepository } from './kyc-submissions.repository.js';
import { KycError, KycErrorCode, invalidSubmission } from '../core/errors/kyc.errors.js';

export interface KycForm extends KycPersonalData {
  readonly userId: string;
  readonly documentType: KycDocumentType;
}

// Checks a submission (its document scanned for malware where a scanner is configured), keeps
// the document encrypted and the personal data sealed, and decides it: a submission that passes
// every check is approved at once. The row and the
// `kyc.submission.decided.v1` event commit together.
@Injectable()
export class SubmitKycUseCase {
  constructor(
    private readonly submissions: KycSubmissionsRepository,
    private readonly vault: DocumentVault,
    @Inject(TransactionalOutbox) private readonly outbox: TransactionalOutbox<PayoutTopics>,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    // Null where no scanner is configured.
    @Inject(MalwareScanner) private readonly scanner: MalwareScanner | null,
  ) {}

  async execute(
    caller: KycCaller,
    form: KycForm,
    upload: UploadedDocument | undefined,
  ): Promise<{ status: KycStatus }> {
    if (!mayActFor(caller, form.userId)) {
      throw invalidSubmission('userId must be the wallet user the Bearer token was issued to');
    }
    const now = this.clock.now();
    const dateOfBirth = birthDateBefore(now, form.dateOfBirth);
    const document = await inspectDocument(upload);
    await this.scan(document.bytes);
    const id = this.ids.uuid();
    const submission: KycSubmission = {
      id,
      partnerId: caller.partnerId,
      userId: form.userId,
      status: KycStatus.APPROVED,
      documentType: form.documentType,
      document: { storageKey: id, mimeType: document.mimeType, sizeBytes: document.bytes.length },
      personalData: {
        fullName: form.fullName,
        documentNumber: form.documentNumber,
        dateOfBirth,
        nationality: form.nationality,
        city: form.city,
        address: form.address,
        email: form.email,
        phone: form.phone,
      },
      submittedAt: now,
      decidedAt: now,
    };
    await this.vault.store(submission.document.storageKey, document.bytes);
    try {
      await this.record(submission, now);
    } catch (error) {
      // Without its row the document is unreachable: do not keep it.
      await this.vault.discard(submission.document.storageKey).catch(() => undefined);
      throw error;
    }
    return { status: submission.status };
  }

  // Before anything of the document is kept: an infected one leaves no file and no row.
  private async scan(bytes: Buffer): Promise<void> {
    if (!this.scanner) return;
    const verdict = await this.scanner.scan(bytes).catch(() => {
      throw new KycError(
        KycErrorCode.SCANNER_UNAVAILABLE,
        'The document could not be scanned for malware; try again shortly',
      );
    });
    if (verdict.infected) {
      throw new KycError(
        KycErrorCode.DOCUMENT_INFECTED,
        `document was refused by the malware scan (${verdict.signature}); nothing of it was kept`,
      );
    }
  }

  private record(submission: KycSubmission, decidedAt: Date): Promise<void> {
    return this.outbox.run(async (tx) => {
      await this.submissions.insert(tx, submission);
      await tx.publish(
        PayoutTopic.KycSubmissionDecided,
        {
          submissionId: submission.id,
          partnerId: submission.partnerId,
          userId: submission.userId,
          status: KycStatus.APPROVED,
          decidedAt: decidedAt.toISOString(),
        },
        // A user's decisions stay in order: the key is the user, not the submission.
        { key: `${submission.partnerId}:${submission.userId}` },
      );
    });
  }
}
