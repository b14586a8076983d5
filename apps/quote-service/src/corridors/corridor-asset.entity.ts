import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { Blockchain, CryptoCurrency } from '@shared/contracts';

// A token on a chain: its mint (Solana), contract (Celo) or issuer (Stellar) and decimals. Only
// one active mint per asset and chain; rotating it deactivates the old row.
@Entity({ name: 'corridor_asset' })
@Index('corridor_asset_one_active', ['cryptoCurrency', 'blockchain'], { unique: true, where: '"active"' })
export class CorridorAssetEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'crypto_currency', type: 'varchar', length: 12 })
  cryptoCurrency!: CryptoCurrency;

  @Column({ type: 'varchar', length: 12 })
  blockchain!: Blockchain;

  @Column({ name: 'mint_address', type: 'varchar', length: 120 })
  mintAddress!: string;

  @Column({ type: 'int' })
  decimals!: number;

  @Column({ type: 'boolean' })
  active!: boolean;
}
