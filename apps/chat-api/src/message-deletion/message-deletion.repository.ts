import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

@Injectable()
export class MessageDeletionRepository {
  // The conversation's oldest remaining message (a channel's first_message_id), or null.
  async firstMessageId(manager: EntityManager, recipientId: number): Promise<number | null> {
    const [row] = (await manager.query(
      'SELECT min("id") AS "first" FROM "chat"."message" WHERE "recipient_id" = $1',
      [recipientId],
    )) as [{ first: number | null }];
    return row.first;
  }
}
