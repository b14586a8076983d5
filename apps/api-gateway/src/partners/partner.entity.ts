import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity({ name: 'partner' })
export class PartnerEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'varchar', length: 200 })
  name!: string;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  // The most unrevoked keys it may hold, as an operator set it; null follows API_KEY_QUOTA_DEFAULT.
  @Column({ name: 'max_active_keys', type: 'integer', nullable: true })
  maxActiveKeys!: number | null;
}
