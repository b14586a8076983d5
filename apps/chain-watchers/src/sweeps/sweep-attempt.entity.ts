import { Column, Entity, Index, PrimaryColumn, Unique } from 'typeorm';
import { SignedAttemptColumns } from '../core/chains/signed-attempt.columns.js';

// One signed transaction of a sweep, recorded before it is broadcast: `TRANSFER` moves tokens to
// the treasury, `GAS` sends a Celo address the CELO its transfer costs. While its outcome is
// unknown it is PENDING (looked up by hash, rebroadcast while it can still land); a new one is
// signed only once it can never land (EXPIRED). `fee` is what a landed one cost, `value` the
// CELO a GAS one sent.
@Entity({ name: 'sweep_attempt' })
@Unique('sweep_attempt_tx_hash', ['txHash'])
@Index('sweep_attempt_pending', ['sweepId'], { where: `"state" = 'PENDING'` })
export class SweepAttemptEntity extends SignedAttemptColumns {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'sweep_id', type: 'uuid' })
  sweepId!: string;

  // The item a Celo TRANSFER (or the GAS for it) is for; null on Solana (one for all items).
  @Column({ name: 'item_id', type: 'uuid', nullable: true })
  itemId!: string | null;

  @Column({ type: 'varchar', length: 12 })
  kind!: 'TRANSFER' | 'GAS';

  @Column({ type: 'numeric', nullable: true })
  fee!: string | null;

  @Column({ type: 'numeric', nullable: true })
  value!: string | null;
}
