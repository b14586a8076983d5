import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { entityManagerOf, type UnitOfWork } from '@platform/database';
import type { StoredThumbnail } from '../../markdown/thumbnail-formats.js';
import { ImageAttachmentEntity } from './image-attachment.entity.js';

export type NewImageAttachment = Pick<
  ImageAttachmentEntity,
  'realmId' | 'pathId' | 'originalWidthPx' | 'originalHeightPx' | 'frames' | 'contentType'
>;

// A message that shows an upload's preview, as the thumbnail worker rewrites it.
export interface PreviewingMessage {
  readonly id: number;
  readonly content: string;
  readonly renderedContent: string;
  // Who hears of the new rendering (Zulip's event_recipient_ids_for_action_on_messages): the
  // message's recipients, and a channel's subscribers when its history is public to them.
  readonly audience: number[];
}

@Injectable()
export class ImageAttachmentsRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async insert(unit: UnitOfWork, image: NewImageAttachment): Promise<void> {
    await entityManagerOf(unit)
      .getRepository(ImageAttachmentEntity)
      .insert({ ...image, thumbnailMetadata: [], claimedUntil: null, attempts: 0 });
  }

  // Images still waiting for their thumbnails (the partial index's rows), for /metrics.
  async countPending(): Promise<number> {
    const [row] = (await this.dataSource.query(
      `SELECT count(*)::int AS "pending" FROM "chat"."image_attachment" WHERE "thumbnail_metadata" = '[]'::jsonb`,
    )) as Array<{ pending: number }>;
    return row?.pending ?? 0;
  }

  findByPathId(pathId: string): Promise<ImageAttachmentEntity | null> {
    return this.dataSource.getRepository(ImageAttachmentEntity).findOne({ where: { pathId } });
  }

  // Claims up to `limit` images with no thumbnail yet whose claim lapsed (FOR UPDATE SKIP
  // LOCKED), for `leaseMs`: their ids and how many times each has now been taken.
  async claimDue(
    now: Date,
    leaseMs: number,
    limit: number,
  ): Promise<Array<{ id: number; attempts: number }>> {
    const [rows] = (await this.dataSource.query(
      `UPDATE "chat"."image_attachment"
          SET "claimed_until" = $1::timestamptz + make_interval(secs => $2::float8 / 1000), "attempts" = "attempts" + 1
        WHERE "id" IN (
          SELECT "id" FROM "chat"."image_attachment"
           WHERE "thumbnail_metadata" = '[]'::jsonb AND ("claimed_until" IS NULL OR "claimed_until" < $1)
           ORDER BY "id" LIMIT $3 FOR UPDATE SKIP LOCKED)
        RETURNING "id", "attempts"`,
      [now, leaseMs, limit],
    )) as [Array<{ id: number; attempts: number }>, number];
    return rows;
  }

  // The row, locked until the unit ends: the worker and a download asking for a thumbnail not
  // made yet take turns (Zulip's select_for_update), so neither makes it twice.
  lock(unit: UnitOfWork, id: number): Promise<ImageAttachmentEntity | null> {
    return entityManagerOf(unit)
      .getRepository(ImageAttachmentEntity)
      .findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  async saveThumbnails(unit: UnitOfWork, id: number, thumbnails: readonly StoredThumbnail[]): Promise<void> {
    await entityManagerOf(unit).query(
      `UPDATE "chat"."image_attachment" SET "thumbnail_metadata" = $2::jsonb, "claimed_until" = NULL WHERE "id" = $1`,
      [id, JSON.stringify(thumbnails)],
    );
  }

  async removeByPathId(unit: UnitOfWork, pathId: string): Promise<ImageAttachmentEntity | null> {
    const [rows] = (await entityManagerOf(unit).query(
      `DELETE FROM "chat"."image_attachment" WHERE "path_id" = $1
        RETURNING "id", "thumbnail_metadata" AS "thumbnailMetadata"`,
      [pathId],
    )) as [Array<Pick<ImageAttachmentEntity, 'id' | 'thumbnailMetadata'>>, number];
    const row = rows[0];
    return row ? Object.assign(new ImageAttachmentEntity(), row, { pathId }) : null;
  }

  // The messages linking the upload, locked for their rewrite, in id order.
  async previewingMessages(unit: UnitOfWork, realmId: number, pathId: string): Promise<PreviewingMessage[]> {
    return (await entityManagerOf(unit).query(
      `SELECT m."id", m."content", m."rendered_content" AS "renderedContent",
              ARRAY(SELECT um."user_id" FROM "chat"."user_message" um WHERE um."message_id" = m."id"
                    UNION
                    SELECT sub."user_id" FROM "chat"."stream" s
                      JOIN "chat"."subscription" sub ON sub."stream_id" = s."id" AND sub."active"
                     WHERE s."id" = m."stream_id" AND s."history_public_to_subscribers"
                    ORDER BY 1) AS "audience"
         FROM "chat"."message" m
         JOIN "chat"."attachment_message" am ON am."message_id" = m."id"
         JOIN "chat"."attachment" a ON a."id" = am."attachment_id"
        WHERE a."realm_id" = $1 AND a."path_id" = $2
        ORDER BY m."id" FOR NO KEY UPDATE OF m`,
      [realmId, pathId],
    )) as PreviewingMessage[];
  }

  async saveRendering(unit: UnitOfWork, messageId: number, renderedContent: string): Promise<void> {
    await entityManagerOf(unit).query(`UPDATE "chat"."message" SET "rendered_content" = $2 WHERE "id" = $1`, [
      messageId,
      renderedContent,
    ]);
  }
}
