import { Column, Entity, Index } from 'typeorm';
import { UserOwnedColumns } from '../core/database/user-owned.columns.js';

// One user's value of one field (Zulip's CustomProfileFieldValue); text values keep their
// rendered HTML.
@Entity({ name: 'custom_profile_field_value' })
@Index('custom_profile_field_value_user_field_key', ['userId', 'fieldId'], { unique: true })
@Index('custom_profile_field_value_field_idx', ['fieldId'])
@Index('custom_profile_field_value_realm_user_idx', ['realmId', 'userId'])
export class CustomProfileFieldValueEntity extends UserOwnedColumns {
  @Column({ name: 'field_id', type: 'int' })
  fieldId!: number;

  @Column({ type: 'text' })
  value!: string;

  @Column({ name: 'rendered_value', type: 'text', nullable: true })
  renderedValue!: string | null;
}
