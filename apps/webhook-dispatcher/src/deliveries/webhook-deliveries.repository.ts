import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { entityManagerOf, PreparedStatements, tableName, type UnitOfWork } from '@platform/database';
import { WebhookAttemptEntity } from './webhook-attempt.entity.js';
import { DeliveryStatus, WebhookDeliveryEntity } from './webhook-delivery.entity.js';
import type {
  AttemptRecord,
  ClaimedDelivery,
  DeliveryFilter,
  DeliveryTransition,
  NewDelivery,
  RedeliveryRequest,
} from './webhook-delivery.js';

interface ClaimedRow {
  id: string;
  partner_id: string;
  endpoint_id: string;
  event_type: string;
  transaction_id: string | null;
  body: string;
  attempt_count: number;
  retry_window_started_at: Date;
  traceparent: string | null;
}

// Deliveries are shared work: several workers (and replicas) claim due rows with
// FOR UPDATE SKIP LOCKED and hold each under a lease token while they attempt it. A delivery of
// a transaction waits while an earlier one (lower sequence) of the same transaction and endpoint
// is still pending, so a receiver sees a transaction's events in order; a dead one no longer
// holds the next back.
@Injectable()
export class WebhookDeliveriesRepository {
  private readonly table: string;
  private readonly attemptTable: string;
  // The statements every delivery runs (claiming, recording an attempt), prepared once per connection.
  private readonly prepared: PreparedStatements;

  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {
    this.table = tableName(dataSource, WebhookDeliveryEntity);
    this.attemptTable = tableName(dataSource, WebhookAttemptEntity);
    this.prepared = new PreparedStatements(dataSource, 'delivery');
  }

  // At most one delivery per (endpoint, event); false when the event was already recorded.
  // Plain SQL, like the rest of a delivery's path: this runs for every transaction event.
  async insert(unit: UnitOfWork, delivery: NewDelivery, now: Date): Promise<boolean> {
    const manager = entityManagerOf(unit);
    const rows = (await manager.query(
      `INSERT INTO ${this.table} (id, partner_id, endpoint_id, event_id, event_type, transaction_id, sequence,
         body, created_at, status, attempt_count, next_attempt_at, traceparent)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'PENDING', 0, $10, $11)
       ON CONFLICT (endpoint_id, event_id) DO NOTHING
       RETURNING id`,
      [
        delivery.id,
        delivery.partnerId,
        delivery.endpointId,
        delivery.eventId,
        delivery.eventType,
        delivery.transactionId,
        delivery.sequence,
        delivery.body,
        delivery.createdAt,
        now,
        delivery.traceparent,
      ],
    )) as Array<{ id: string }>;
    return rows.length > 0;
  }

  // Claims up to `limit` due deliveries for one attempt each.
  async claimDue(now: Date, limit: number, leaseUntil: Date, leaseToken: string): Promise<ClaimedDelivery[]> {
    const rows = await this.prepared.query<ClaimedRow>(
      `WITH due AS (
         SELECT d.id FROM ${this.table} d
          WHERE d.status = 'PENDING' AND d.next_attempt_at <= $1
            AND (d.leased_until IS NULL OR d.leased_until <= $1)
            AND NOT EXISTS (
              SELECT 1 FROM ${this.table} e
               WHERE e.endpoint_id = d.endpoint_id AND e.transaction_id = d.transaction_id
                 AND e.sequence < d.sequence AND e.status = 'PENDING')
          ORDER BY d.next_attempt_at LIMIT $4
          FOR UPDATE OF d SKIP LOCKED)
       UPDATE ${this.table} d
          SET lease_token = $3, leased_until = $2, attempt_count = d.attempt_count + 1,
              retry_window_started_at = COALESCE(d.retry_window_started_at, $1)
         FROM due WHERE d.id = due.id
       RETURNING ${CLAIMED_COLUMNS}`,
      [now, leaseUntil, leaseToken, limit],
    );
    return rows.map((row) => claimedOf(row, leaseToken));
  }

  // Inserts a delivery already claimed by the caller, who attempts it at once (test events).
  async insertClaimed(
    delivery: NewDelivery,
    now: Date,
    leaseUntil: Date,
    leaseToken: string,
  ): Promise<ClaimedDelivery> {
    await this.dataSource.manager.insert(WebhookDeliveryEntity, {
      ...delivery,
      status: DeliveryStatus.PENDING,
      attemptCount: 1,
      nextAttemptAt: now,
      leaseToken,
      leasedUntil: leaseUntil,
      retryWindowStartedAt: now,
    });
    return { ...delivery, attemptCount: 1, retryWindowStartedAt: now, leaseToken };
  }

  // Records an attempt and moves the delivery on, if the lease is still ours (a worker whose lease
  // ran out and was taken over changes nothing). Returns whether it was. One statement: the
  // attempt is kept either way, and the two commit together.
  async recordAttempt(
    claim: ClaimedDelivery,
    attempt: AttemptRecord,
    next: DeliveryTransition,
  ): Promise<boolean> {
    const rows = await this.prepared.query<{ id: string }>(
      `WITH attempt AS (
         INSERT INTO ${this.attemptTable} (id, delivery_id, started_at, duration_ms, outcome, status_code,
           response_snippet, request_headers, response_excerpt)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $12, $13))
       UPDATE ${this.table}
          SET status = $9, next_attempt_at = $10, delivered_at = $11, lease_token = NULL, leased_until = NULL,
              last_attempt_at = $3, last_outcome = $5, last_status_code = $6
        WHERE id = $2 AND lease_token = $8
       RETURNING id`,
      [
        attempt.id,
        claim.id,
        attempt.startedAt,
        attempt.durationMs,
        attempt.outcome,
        attempt.statusCode,
        attempt.responseSnippet,
        claim.leaseToken,
        next.status,
        next.status === DeliveryStatus.PENDING ? next.nextAttemptAt : null,
        next.status === DeliveryStatus.DELIVERED ? next.at : null,
        JSON.stringify(attempt.requestHeaders),
        attempt.responseExcerpt,
      ],
    );
    return rows.length > 0;
  }

  // Makes a delivery due now with a fresh retry window, whatever its state, unless a worker is
  // attempting it at this moment, and claims it for the caller unless an earlier event of its
  // transaction is still pending (then the worker sends it in turn). Null when the partner has
  // no such delivery.
  async requestRedelivery(
    partnerId: string,
    deliveryId: string,
    now: Date,
    leaseUntil: Date,
    leaseToken: string,
  ): Promise<RedeliveryRequest | null> {
    const rows = await this.prepared.query<ClaimedRow & { lease_token: string | null }>(
      `UPDATE ${this.table} d
          SET status = 'PENDING', next_attempt_at = $1, retry_window_started_at = $1, delivered_at = NULL,
              lease_token = CASE WHEN h.held THEN NULL ELSE $3::uuid END,
              leased_until = CASE WHEN h.held THEN NULL ELSE $2::timestamptz END,
              attempt_count = d.attempt_count + CASE WHEN h.held THEN 0 ELSE 1 END
         FROM (SELECT EXISTS (
                 SELECT 1 FROM ${this.table} e
                  WHERE e.endpoint_id = x.endpoint_id AND e.transaction_id = x.transaction_id
                    AND e.sequence < x.sequence AND e.status = 'PENDING') AS held
                 FROM ${this.table} x WHERE x.id = $4) h
        WHERE d.id = $4 AND d.partner_id = $5 AND (d.leased_until IS NULL OR d.leased_until <= $1)
       RETURNING ${CLAIMED_COLUMNS}, d.lease_token`,
      [now, leaseUntil, leaseToken, deliveryId, partnerId],
    );
    const [row] = rows;
    if (row) {
      return row.lease_token === leaseToken
        ? { outcome: 'claimed', claim: claimedOf(row, leaseToken) }
        : { outcome: 'queued' };
    }
    // Unchanged: either no such delivery of this partner, or one a worker holds at this moment.
    return (await this.findForPartner(partnerId, deliveryId)) ? { outcome: 'in_progress' } : null;
  }

  findForPartner(partnerId: string, deliveryId: string): Promise<WebhookDeliveryEntity | null> {
    return this.dataSource.manager.findOneBy(WebhookDeliveryEntity, { partnerId, id: deliveryId });
  }

  // A partner's delivery's attempts, newest first, at most `limit` of them.
  attemptsOf(partnerId: string, deliveryId: string, limit: number): Promise<WebhookAttemptEntity[]> {
    return this.dataSource.manager
      .createQueryBuilder(WebhookAttemptEntity, 'a')
      .innerJoin(WebhookDeliveryEntity, 'd', 'd.id = a.delivery_id')
      .where('d.partner_id = :partnerId AND a.delivery_id = :deliveryId', { partnerId, deliveryId })
      .orderBy('a.started_at', 'DESC')
      .addOrderBy('a.id', 'DESC')
      .limit(limit)
      .getMany();
  }

  listForPartner(
    partnerId: string,
    filter: DeliveryFilter,
    page: number,
    pageSize: number,
  ): Promise<[WebhookDeliveryEntity[], number]> {
    return this.dataSource.manager.findAndCount(WebhookDeliveryEntity, {
      where: {
        partnerId,
        ...(filter.status ? { status: filter.status } : {}),
        ...(filter.eventType ? { eventType: filter.eventType } : {}),
        ...(filter.transactionId ? { transactionId: filter.transactionId } : {}),
      },
      order: { createdAt: 'DESC', id: 'DESC' },
      skip: (page - 1) * pageSize,
      take: pageSize,
    });
  }
}

const CLAIMED_COLUMNS =
  'd.id, d.partner_id, d.endpoint_id, d.event_type, d.transaction_id, d.body, d.attempt_count, d.retry_window_started_at, d.traceparent';

function claimedOf(row: ClaimedRow, leaseToken: string): ClaimedDelivery {
  return {
    id: row.id,
    partnerId: row.partner_id,
    endpointId: row.endpoint_id,
    eventType: row.event_type,
    transactionId: row.transaction_id,
    body: row.body,
    attemptCount: row.attempt_count,
    retryWindowStartedAt: new Date(row.retry_window_started_at),
    leaseToken,
    traceparent: row.traceparent,
  };
}
