import { Injectable } from '@nestjs/common';
import { entityManagerOf, type UnitOfWork } from '@platform/database';

@Injectable()
export class MessageDeletionRepository {
  // The conversation's oldest remaining message (a channel's first_message_id), or null.
  async firstMessageId(unit: UnitOfWork, recipientId: number): Promise<number | null> {
    const [row] = (await entityManagerOf(unit).query(
      'SELECT min("id") AS "first" FROM "chat"."message" WHERE "recipient_id" = $1',
      [recipientId],
    )) as [{ first: number | null }];
    return row.first;
  }
}
