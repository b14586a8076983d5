import type { MigrationInterface, QueryRunner } from 'typeorm';

// Written by hand: TypeORM does not model functions. See MessageFlagsRepository.applyWhenAllHeld,
// which calls this to undo its own update when the user turns out not to hold every copy.
export class HeldCopiesGuard1795496221093 implements MigrationInterface {
  name = 'HeldCopiesGuard1795496221093';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE FUNCTION "chat"."require_held_copies"("held" boolean) RETURNS boolean
      LANGUAGE plpgsql AS $$
      BEGIN
        IF NOT "held" THEN
          RAISE EXCEPTION 'the user holds no copy of some of these messages' USING ERRCODE = 'CH001';
        END IF;
        RETURN true;
      END $$`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP FUNCTION "chat"."require_held_copies"(boolean)');
  }
}
