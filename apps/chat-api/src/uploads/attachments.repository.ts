import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { entityManagerOf, type UnitOfWork } from '@platform/database';
import { AttachmentEntity } from './attachment.entity.js';
import type { AttachmentMessageRef } from './attachment.presenter.js';

@Injectable()
export class AttachmentsRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  insert(unit: UnitOfWork, attachment: Omit<AttachmentEntity, 'id'>): Promise<AttachmentEntity> {
    const repository = entityManagerOf(unit).getRepository(AttachmentEntity);
    return repository.save(repository.create(attachment));
  }

  async contentTypeOf(pathId: string): Promise<string | undefined> {
    const attachment = await this.dataSource
      .getRepository(AttachmentEntity)
      .findOne({ where: { pathId }, select: { contentType: true } });
    return attachment?.contentType;
  }

  // Bytes the realm's uploads take (Zulip's currently_used_upload_space_bytes).
  async realmSpaceUsed(realmId: number, unit?: UnitOfWork): Promise<number> {
    const [row] = (await entityManagerOf(unit, this.dataSource).query(
      'SELECT COALESCE(SUM("size"), 0)::bigint AS "used" FROM "chat"."attachment" WHERE "realm_id" = $1',
      [realmId],
    )) as Array<{ used: string }>;
    return Number(row?.used ?? 0);
  }

  // The user's uploads, oldest first (GET /attachments).
  listOwned(realmId: number, userId: number): Promise<AttachmentEntity[]> {
    return this.dataSource
      .getRepository(AttachmentEntity)
      .find({ where: { realmId, userId }, order: { id: 'ASC' } });
  }

  findOwned(unit: UnitOfWork, realmId: number, userId: number, id: number): Promise<AttachmentEntity | null> {
    return entityManagerOf(unit)
      .getRepository(AttachmentEntity)
      .findOne({ where: { realmId, userId, id }, lock: { mode: 'pessimistic_write' } });
  }

  findById(unit: UnitOfWork, id: number): Promise<AttachmentEntity | null> {
    return entityManagerOf(unit).getRepository(AttachmentEntity).findOne({ where: { id } });
  }

  // Records that a message links the upload; linking it twice is once.
  async link(unit: UnitOfWork, realmId: number, attachmentId: number, messageId: number): Promise<void> {
    await entityManagerOf(unit).query(
      `INSERT INTO "chat"."attachment_message" ("attachment_id", "message_id", "realm_id") VALUES ($1, $2, $3)
       ON CONFLICT DO NOTHING`,
      [attachmentId, messageId, realmId],
    );
  }

  // The path ids of the uploads a message links.
  async linkedBy(unit: UnitOfWork, messageId: number): Promise<string[]> {
    const rows = (await entityManagerOf(unit).query(
      `SELECT a."path_id" AS "pathId" FROM "chat"."attachment_message" am
       JOIN "chat"."attachment" a ON a."id" = am."attachment_id" WHERE am."message_id" = $1`,
      [messageId],
    )) as Array<{ pathId: string }>;
    return rows.map((row) => row.pathId);
  }

  async unlink(unit: UnitOfWork, messageId: number, pathIds: readonly string[]): Promise<void> {
    if (pathIds.length === 0) return;
    await entityManagerOf(unit).query(
      `DELETE FROM "chat"."attachment_message" am USING "chat"."attachment" a
       WHERE a."id" = am."attachment_id" AND am."message_id" = $1 AND a."path_id" = ANY($2::varchar[])`,
      [messageId, pathIds],
    );
  }

  // The messages linking each of these uploads, in id order.
  async messagesOf(
    attachmentIds: readonly number[],
    unit?: UnitOfWork,
  ): Promise<Map<number, AttachmentMessageRef[]>> {
    const rows = (await entityManagerOf(unit, this.dataSource).query(
      `SELECT am."attachment_id" AS "attachmentId", m."id", m."date_sent" AS "dateSent"
       FROM "chat"."attachment_message" am JOIN "chat"."message" m ON m."id" = am."message_id"
       WHERE am."attachment_id" = ANY($1::int[]) ORDER BY m."id"`,
      [attachmentIds],
    )) as Array<{ attachmentId: number; id: number; dateSent: Date }>;
    const byAttachment = new Map<number, AttachmentMessageRef[]>();
    for (const row of rows)
      byAttachment.set(row.attachmentId, [...(byAttachment.get(row.attachmentId) ?? []), row]);
    return byAttachment;
  }

  async remove(unit: UnitOfWork, id: number): Promise<void> {
    const manager = entityManagerOf(unit);
    await manager.query('DELETE FROM "chat"."attachment_message" WHERE "attachment_id" = $1', [id]);
    await manager.query('DELETE FROM "chat"."attachment" WHERE "id" = $1', [id]);
  }
}
