import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Presence1796562008262 implements MigrationInterface {
  name = 'Presence1796562008262';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("CREATE TABLE \"chat\".\"presence_sequence\" (\"realm_id\" integer NOT NULL, \"last_update_id\" integer NOT NULL, CONSTRAINT \"PK_4816cccf297ab070692f3d93a98\" PRIMARY KEY (\"realm_id\"))");
    await queryRunner.query("CREATE TABLE \"chat\".\"user_presence\" (\"user_id\" integer NOT NULL, \"realm_id\" integer NOT NULL, \"last_active_time\" TIMESTAMP WITH TIME ZONE, \"last_connected_time\" TIMESTAMP WITH TIME ZONE NOT NULL, \"last_update_id\" integer NOT NULL, CONSTRAINT \"PK_43f028b293e5eb2fba96d8d5841\" PRIMARY KEY (\"user_id\"))");
    await queryRunner.query("CREATE INDEX \"user_presence_realm_connected_idx\" ON \"chat\".\"user_presence\"  (\"realm_id\", \"last_connected_time\") ");
    await queryRunner.query("CREATE INDEX \"user_presence_realm_update_idx\" ON \"chat\".\"user_presence\"  (\"realm_id\", \"last_update_id\") ");
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("DROP INDEX \"chat\".\"user_presence_realm_update_idx\"");
    await queryRunner.query("DROP INDEX \"chat\".\"user_presence_realm_connected_idx\"");
    await queryRunner.query("DROP TABLE \"chat\".\"user_presence\"");
    await queryRunner.query("DROP TABLE \"chat\".\"presence_sequence\"");
  }
}
