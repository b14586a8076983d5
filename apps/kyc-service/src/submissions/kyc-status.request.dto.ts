import { UserIdField } from './kyc-form.fields.js';

export class KycStatusRequestDto {
  @UserIdField()
  userId!: string;
}
