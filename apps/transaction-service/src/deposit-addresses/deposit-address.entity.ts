import { Column, Entity, Index, PrimaryColumn, Unique } from 'typeorm';
import { Blockchain } from '@shared/contracts';

// Where partners' users send crypto, per chain. One active address per chain; rotating retires
// the old one (kept, with retired_at, so watchers still see late transfers to it).
@Entity({ name: 'deposit_address' })
@Unique('deposit_address_chain_address', ['blockchain', 'address'])
@Index('deposit_address_one_active', ['blockchain'], { unique: true, where: '"active"' })
export class DepositAddressEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'varchar', length: 12 })
  blockchain!: Blockchain;

  @Column({ type: 'varchar', length: 120 })
  address!: string;

  @Column({ type: 'boolean' })
  active!: boolean;

  @Column({ name: 'activated_at', type: 'timestamptz' })
  activatedAt!: Date;

  @Column({ name: 'retired_at', type: 'timestamptz', nullable: true })
  retiredAt!: Date | null;
}
