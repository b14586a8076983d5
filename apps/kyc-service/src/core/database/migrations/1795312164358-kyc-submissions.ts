import type { MigrationInterface, QueryRunner } from 'typeorm';

export class KycSubmissions1795312164358 implements MigrationInterface {
  name = 'KycSubmissions1795312164358';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("CREATE TABLE \"kyc\".\"kyc_submission\" (\"id\" uuid NOT NULL, \"partner_id\" uuid NOT NULL, \"user_id\" character varying(128) NOT NULL, \"status\" character varying(20) NOT NULL, \"document_type\" character varying(20) NOT NULL, \"document_storage_key\" character varying(128) NOT NULL, \"document_mime_type\" character varying(40) NOT NULL, \"document_size_bytes\" integer NOT NULL, \"full_name\" bytea NOT NULL, \"document_number\" bytea NOT NULL, \"date_of_birth\" bytea NOT NULL, \"nationality\" bytea NOT NULL, \"city\" bytea NOT NULL, \"address\" bytea NOT NULL, \"email\" bytea NOT NULL, \"phone\" bytea NOT NULL, \"submitted_at\" TIMESTAMP WITH TIME ZONE NOT NULL, \"decided_at\" TIMESTAMP WITH TIME ZONE, CONSTRAINT \"PK_2bae34c1996f948f32d36d4400f\" PRIMARY KEY (\"id\"))");
    await queryRunner.query("CREATE INDEX \"kyc_submission_user_idx\" ON \"kyc\".\"kyc_submission\"  (\"partner_id\", \"user_id\", \"submitted_at\") ");
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query("DROP INDEX \"kyc\".\"kyc_submission_user_idx\"");
    await queryRunner.query("DROP TABLE \"kyc\".\"kyc_submission\"");
  }
}
