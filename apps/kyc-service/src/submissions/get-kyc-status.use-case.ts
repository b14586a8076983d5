import { Injectable } from '@nestjs/common';
import { mayActFor, type KycCaller } from './kyc-caller.js';
import { KycSubmissionsRepository, type KycStatusView } from './kyc-submissions.repository.js';

const NEVER_SUBMITTED: KycStatusView = { hasApproved: false, status: null };

// A user's KYC state as the caller may see it: another partner's user, or another wallet than
// the caller's own, looks exactly like a user who never submitted.
@Injectable()
export class GetKycStatusUseCase {
  constructor(private readonly submissions: KycSubmissionsRepository) {}

  async execute(caller: KycCaller, userId: string): Promise<KycStatusView> {
    if (!mayActFor(caller, userId)) return NEVER_SUBMITTED;
    return this.submissions.statusOf(caller.partnerId, userId);
  }
}
