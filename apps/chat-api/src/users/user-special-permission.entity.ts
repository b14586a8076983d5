import { Column, Entity, PrimaryColumn } from 'typeorm';

// Zulip's per-account special permissions that only the server's operator grants (its
// `change_user_role <email> can_change_user_emails` management command): kept beside the
// account, one row for an account holding any.
@Entity({ name: 'user_special_permission' })
export class UserSpecialPermissionEntity {
  @PrimaryColumn({ name: 'user_id', type: 'int' })
  userId!: number;

  @Column({ name: 'realm_id', type: 'int' })
  realmId!: number;

  // PATCH /users/{user_id} `new_email`.
  @Column({ name: 'can_change_user_emails', type: 'boolean', default: false })
  canChangeUserEmails!: boolean;
}
