import { Column, Entity, PrimaryColumn, Unique } from 'typeorm';
import { RouteColumns } from '../core/routes/route.columns.js';

// A route switched off explicitly (for example while a rail partner is down), whatever its flow says.
@Entity({ name: 'unsupported_route' })
@Unique('unsupported_route_route', [
  'route.cryptoCurrency',
  'route.blockchain',
  'route.paymentMethod',
  'route.targetCurrency',
])
export class UnsupportedRouteEntity {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column(() => RouteColumns, { prefix: false })
  route!: RouteColumns;

  @Column({ type: 'varchar', length: 300 })
  reason!: string;
}
