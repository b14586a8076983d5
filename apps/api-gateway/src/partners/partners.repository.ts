import { Injectable } from '@nestjs/common';
import { DataSource, IsNull } from 'typeorm';
import { ExpiringCache, loadOnce, settledValue } from '@platform/http';
import { Clock } from '@shared/util';
import { entityManagerOf, tableName, type UnitOfWork } from '@platform/database';
import { GatewayConfig } from '../core/api-gateway.config.js';
import { ApiKeyEntity } from './api-key.entity.js';
import { PartnerEntity } from './partner.entity.js';

const CACHED_KEYS = 10_000;

@Injectable()
export class PartnersRepository {
  // Every request authenticates, so key lookups are cached briefly, and a burst with one key while
  // its entry is missing makes one query (a flood of 2,000 requests with each its own lookup once
  // queued past the pool's connection timeout). A revocation through this gateway clears the
  // cache at once; other replicas notice within API_KEY_CACHE_MS.
  private readonly activeKeys = new ExpiringCache<Promise<ApiKeyEntity | null>>(CACHED_KEYS);

  constructor(
    private readonly dataSource: DataSource,
    private readonly config: GatewayConfig,
    private readonly clock: Clock,
  ) {}

  findPartner(partnerId: string): Promise<PartnerEntity | null> {
    return this.dataSource.getRepository(PartnerEntity).findOneBy({ id: partnerId });
  }

  partnerExists(unit: UnitOfWork, partnerId: string): Promise<boolean> {
    const manager = entityManagerOf(unit);
    return manager.existsBy(PartnerEntity, { id: partnerId });
  }

  // Locks the partner's row until the unit of work ends, so changes to its keys and key quota take
  // turns: two key creations at its last free place cannot both count the keys before either
  // inserts. Its own key quota (null: the default), or undefined for an unknown partner.
  async lockForKeyChanges(unit: UnitOfWork, partnerId: string): Promise<number | null | undefined> {
    const manager = entityManagerOf(unit);
    const partner = await manager
      .getRepository(PartnerEntity)
      .createQueryBuilder('partner')
      .select(['partner.id', 'partner.maxActiveKeys'])
      .where('partner.id = :partnerId', { partnerId })
      .setLock('pessimistic_write')
      .getOne();
    return partner ? partner.maxActiveKeys : undefined;
  }

  async setKeyQuota(unit: UnitOfWork, partnerId: string, maxActiveKeys: number | null): Promise<void> {
    const manager = entityManagerOf(unit);
    await manager.update(PartnerEntity, { id: partnerId }, { maxActiveKeys });
  }

  countActiveKeys(unit: UnitOfWork, partnerId: string): Promise<number> {
    const manager = entityManagerOf(unit);
    return manager.countBy(ApiKeyEntity, { partnerId, revokedAt: IsNull() });
  }

  async insertPartner(unit: UnitOfWork, partner: PartnerEntity): Promise<void> {
    const manager = entityManagerOf(unit);
    await manager.insert(PartnerEntity, partner);
  }

  // Each key's latest use, in one statement; a time older than the one recorded (another
  // replica's later use) changes nothing.
  async recordKeyUses(uses: ReadonlyMap<string, Date>): Promise<void> {
    const ids = [...uses.keys()];
    await this.dataSource.query(
      `UPDATE ${tableName(this.dataSource, ApiKeyEntity)} k SET "last_used_at" = u.at
         FROM unnest($1::uuid[], $2::timestamptz[]) AS u(id, at)
        WHERE k."id" = u.id AND (k."last_used_at" IS NULL OR k."last_used_at" < u.at)`,
      [ids, ids.map((id) => uses.get(id)!)],
    );
  }

  async insertKey(unit: UnitOfWork, key: ApiKeyEntity): Promise<void> {
    const manager = entityManagerOf(unit);
    await manager.insert(ApiKeyEntity, key);
  }

  // A key already looked up is answered without a promise: on Node 20 each one runs the
  // AsyncLocalStorage promise hooks, and this is on every partner request's path.
  findActiveKeyByHash(keyHash: string): ApiKeyEntity | null | Promise<ApiKeyEntity | null> {
    const now = this.clock.now().getTime();
    const known = settledValue(this.activeKeys, keyHash, now);
    if (known) return known.value;
    return loadOnce(this.activeKeys, keyHash, now, this.config.API_KEY_CACHE_MS, () =>
      this.dataSource.getRepository(ApiKeyEntity).findOneBy({ keyHash, revokedAt: IsNull() }),
    );
  }

  // Scoped by partner: a key id of another partner revokes nothing. The revoked key's display
  // prefix, or null when no active key of this partner has that id.
  async revokeKey(unit: UnitOfWork, partnerId: string, keyId: string, at: Date): Promise<string | null> {
    const manager = entityManagerOf(unit);
    const result = await manager
      .createQueryBuilder()
      .update(ApiKeyEntity)
      .set({ revokedAt: at })
      .where({ id: keyId, partnerId, revokedAt: IsNull() })
      .returning(['displayPrefix'])
      .execute();
    const rows = result.raw as Array<{ display_prefix: string }>;
    return rows[0]?.display_prefix ?? null;
  }

  keyExists(unit: UnitOfWork, partnerId: string, keyId: string): Promise<boolean> {
    const manager = entityManagerOf(unit);
    return manager.existsBy(ApiKeyEntity, { id: keyId, partnerId });
  }

  // After a revocation commits: the next request with that key looks it up again.
  forgetCachedKeys(): void {
    this.activeKeys.clear();
  }
}
