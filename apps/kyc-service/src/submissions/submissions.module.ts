import { Module } from '@nestjs/common';
import { OwnsTables } from '@platform/database';
import { DocumentsModule } from '../documents/documents.module.js';
import { GetKycStatusUseCase } from './get-kyc-status.use-case.js';
import { InternalKycController } from './internal-kyc.controller.js';
import { KycSubmissionEntity } from './kyc-submission.entity.js';
import { KycSubmissionsRepository } from './kyc-submissions.repository.js';
import { KycController } from './kyc.controller.js';
import { SubmitKycUseCase } from './submit-kyc.use-case.js';

// KYC submissions: a partner's user submits a form and a document, and the submission is decided
// and announced; partners and transaction-service ask for a user's status.
@OwnsTables({ entities: [KycSubmissionEntity] })
@Module({
  imports: [DocumentsModule],
  controllers: [KycController, InternalKycController],
  providers: [KycSubmissionsRepository, SubmitKycUseCase, GetKycStatusUseCase],
})
export class SubmissionsModule {}
