import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

// A field an organization's administrators define on everyone's profile (Zulip's
// CustomProfileField). Labels are unique within the realm.
@Entity({ name: 'custom_profile_field' })
@Index('custom_profile_field_realm_name_key', ['realmId', 'name'], { unique: true })
export class CustomProfileFieldEntity {
  @PrimaryGeneratedColumn('identity', { type: 'int' })
  id!: number;

  @Column({ name: 'realm_id', type: 'int' })
  realmId!: number;

  @Column({ type: 'varchar', length: 40 })
  name!: string;

  @Column({ type: 'varchar', length: 80, default: '' })
  hint!: string;

  // Display order; a new field takes its own id.
  @Column({ type: 'int', default: 0 })
  order!: number;

  @Column({ name: 'field_type', type: 'smallint' })
  fieldType!: number;

  // JSON text for list-of-options and external account fields, '' for the others: clients
  // receive it as this text.
  @Column({ name: 'field_data', type: 'text', default: '' })
  fieldData!: string;

  @Column({ name: 'display_in_profile_summary', type: 'boolean', default: false })
  displayInProfileSummary!: boolean;

  @Column({ type: 'boolean', default: false })
  required!: boolean;

  @Column({ name: 'editable_by_user', type: 'boolean', default: true })
  editableByUser!: boolean;
}
