import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { entityManagerOf, type UnitOfWork } from '@platform/database';

@Injectable()
export class AlertWordsRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  // The user's words in the order they were added.
  async list(realmId: number, userId: number, unit?: UnitOfWork): Promise<string[]> {
    const rows = (await entityManagerOf(unit, this.dataSource).query(
      'SELECT "word" FROM "chat"."alert_word" WHERE "realm_id" = $1 AND "user_id" = $2 ORDER BY "id"',
      [realmId, userId],
    )) as Array<{ word: string }>;
    return rows.map((row) => row.word);
  }

  // Adds the words in one statement; a word already there (a concurrent add) is kept once.
  async add(unit: UnitOfWork, realmId: number, userId: number, words: readonly string[]): Promise<void> {
    if (words.length === 0) return;
    await entityManagerOf(unit).query(
      `INSERT INTO "chat"."alert_word" ("realm_id", "user_id", "word")
       SELECT $1, $2, w FROM unnest($3::varchar[]) WITH ORDINALITY AS t(w, n) ORDER BY n
       ON CONFLICT ("user_id", "word") DO NOTHING`,
      [realmId, userId, words],
    );
  }

  // Removes the words whatever their case, in one statement.
  async remove(unit: UnitOfWork, realmId: number, userId: number, words: readonly string[]): Promise<void> {
    if (words.length === 0) return;
    await entityManagerOf(unit).query(
      `DELETE FROM "chat"."alert_word" WHERE "realm_id" = $1 AND "user_id" = $2
         AND lower("word") = ANY(SELECT lower(w) FROM unnest($3::text[]) AS w)`,
      [realmId, userId, words],
    );
  }

  // Every word of these users (a message's recipients), one indexed statement.
  async wordsOf(userIds: readonly number[]): Promise<Array<{ userId: number; word: string }>> {
    if (userIds.length === 0) return [];
    return this.dataSource.query(
      'SELECT "user_id" AS "userId", "word" FROM "chat"."alert_word" WHERE "user_id" = ANY($1::int[])',
      [userIds],
    ) as Promise<Array<{ userId: number; word: string }>>;
  }
}
