import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { RouteClass } from './route-class.js';

// A partner's own limit for one route class, set by an operator; a class without a row has the
// default (RATE_LIMIT_DEFAULTS).
@Entity({ name: 'partner_rate_limit' })
export class PartnerRateLimitEntity {
  @PrimaryColumn({ name: 'partner_id', type: 'uuid' })
  partnerId!: string;

  @PrimaryColumn({ name: 'route_class', type: 'varchar', length: 32 })
  routeClass!: RouteClass;

  @Column({ name: 'request_limit', type: 'integer' })
  limit!: number;

  @Column({ name: 'window_seconds', type: 'integer' })
  windowSeconds!: number;

  @Column({ name: 'updated_by', type: 'varchar', length: 100 })
  updatedBy!: string;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
