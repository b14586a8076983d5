import { Column, Entity, PrimaryColumn, Unique } from 'typeorm';
import { RouteColumns } from '../core/routes/route.columns.js';
import { FlowDirection } from '@shared/contracts';

// One priced route: asset on a chain to (or from) a fiat rail, with its fee schedule and bounds
// in fiat. Amounts are numeric in the database and strings in code, never floats.
@Entity({ name: 'corridor_flow' })
@Unique('corridor_flow_route', [
  'direction',
  'route.cryptoCurrency',
  'route.blockchain',
  'route.paymentMethod',
  'route.targetCurrency',
])
export class CorridorFlowEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'varchar', length: 12 })
  direction!: FlowDirection;

  @Column(() => RouteColumns, { prefix: false })
  route!: RouteColumns;

  @Column({ type: 'boolean' })
  enabled!: boolean;

  @Column({ name: 'fee_basis_points', type: 'int' })
  feeBasisPoints!: number;

  // In the crypto asset.
  @Column({ name: 'fee_fixed', type: 'numeric', precision: 20, scale: 6 })
  feeFixed!: string;

  // In the fiat currency; null when unbounded.
  @Column({ name: 'min_amount', type: 'numeric', precision: 20, scale: 2, nullable: true })
  minAmount!: string | null;

  @Column({ name: 'max_amount', type: 'numeric', precision: 20, scale: 2, nullable: true })
  maxAmount!: string | null;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
