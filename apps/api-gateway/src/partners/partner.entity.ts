import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity({ name: 'partner' })
export class PartnerEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'varchar', length: 200 })
  name!: string;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
