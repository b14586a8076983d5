import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { entityManagerOf, type UnitOfWork } from '@platform/database';
import { AttachmentEntity } from './attachment.entity.js';

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
}
