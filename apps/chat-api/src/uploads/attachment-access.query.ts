import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { entityManagerOf, type UnitOfWork } from '@platform/database';
import { type UserEntity, UserRole } from '../core/accounts/user.entity.js';

export interface AccessedAttachment {
  readonly id: number;
  readonly userId: number;
  readonly pathId: string;
  readonly contentType: string;
  readonly allowed: boolean;
}

// Who may download an upload (Zulip's validate_attachment_request): its owner; anyone who
// received a message linking it; a subscriber of a channel with shared history where it was
// linked; and, once linked in a public channel, every member of its realm but guests. Path ids
// are unique across realms, so one from another realm is found but not allowed.
@Injectable()
export class AttachmentAccessQuery {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  // `viewer` is the caller, or a message's sender (who may link only files they can see).
  async find(
    viewer: Pick<UserEntity, 'id' | 'realmId' | 'role'>,
    pathId: string,
    unit?: UnitOfWork,
  ): Promise<AccessedAttachment | undefined> {
    const [row] = (await entityManagerOf(unit, this.dataSource).query(
      `SELECT a."id", a."user_id" AS "userId", a."path_id" AS "pathId", a."content_type" AS "contentType",
         (a."user_id" = $2
          OR EXISTS (SELECT 1 FROM "chat"."attachment_message" am
                     JOIN "chat"."user_message" um ON um."message_id" = am."message_id" AND um."user_id" = $2
                     WHERE am."attachment_id" = a."id")
          OR (a."realm_id" = $3 AND EXISTS (
                SELECT 1 FROM "chat"."attachment_message" am
                JOIN "chat"."message" m ON m."id" = am."message_id"
                JOIN "chat"."stream" s ON s."recipient_id" = m."recipient_id"
                WHERE am."attachment_id" = a."id"
                  AND ((NOT s."invite_only" AND $4)
                       OR (s."history_public_to_subscribers" AND EXISTS (
                             SELECT 1 FROM "chat"."subscription" sub
                             WHERE sub."stream_id" = s."id" AND sub."user_id" = $2 AND sub."active")))))
         ) AS "allowed"
       FROM "chat"."attachment" a WHERE a."path_id" = $1`,
      [pathId, viewer.id, viewer.realmId, viewer.role !== UserRole.GUEST],
    )) as AccessedAttachment[];
    return row;
  }
}
