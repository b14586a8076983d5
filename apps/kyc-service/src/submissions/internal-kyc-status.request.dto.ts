import { IsDefined, IsUUID } from 'class-validator';
import { UserIdField } from './kyc-form.fields.js';

export class InternalKycStatusRequestDto {
  // Stacked decorators apply bottom-up: IsDefined is checked, and reported, first.
  @IsUUID('all', { message: '$property must be a UUID' })
  @IsDefined({ message: '$property is required' })
  partnerId!: string;

  @UserIdField()
  userId!: string;
}
