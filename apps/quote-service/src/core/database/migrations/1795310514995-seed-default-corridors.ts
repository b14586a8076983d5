import type { MigrationInterface, QueryRunner } from 'typeorm';

// The live routes of a fresh install. Operators change them afterwards through the ops routes
// (npm run cli -- corridor …), never by editing this migration.
const ASSETS: ReadonlyArray<readonly [crypto: string, chain: string, mint: string, decimals: number]> = [
  // Stellar identifies an asset by code and issuer: the issuer is kept as its "mint".
  ['USDC', 'STELLAR', 'GA5ZSEJYB37JRC5AVCIA5MOP4RHTM335X2KGX3IHOJAPP5RE34K4KZVN', 7],
  ['USDC', 'SOLANA', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', 6],
  ['USDT', 'SOLANA', 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB', 6],
  ['USDC', 'CELO', '0xcebA9300f2b948710d2653dD7B07f33A8B32118C', 6],
  ['USDT', 'CELO', '0x48065fbBE25f71C9282ddf5e1cD6D6A887483D5e', 6],
];

// direction, payment method, fiat, fee bps, fixed fee (crypto), min and max (fiat)
const FLOWS: ReadonlyArray<readonly [string, string, string, number, string, string, string]> = [
  ['PAYOUT', 'BREB', 'COP', 100, '0', '20000', '20000000'],
  ['PAYOUT', 'PIX', 'BRL', 80, '0.10', '10', '50000'],
  ['ONRAMP', 'PIX', 'BRL', 150, '0', '20', '20000'],
];

export class SeedDefaultCorridors1795310514995 implements MigrationInterface {
  name = 'SeedDefaultCorridors1795310514995';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const [crypto, chain, mint, decimals] of ASSETS) {
      await queryRunner.query(
        'INSERT INTO "quote"."corridor_asset" ("id", "crypto_currency", "blockchain", "mint_address", "decimals", "active") VALUES (gen_random_uuid(), $1, $2, $3, $4, true)',
        [crypto, chain, mint, decimals],
      );
      for (const [direction, method, fiat, bps, fixed, min, max] of FLOWS) {
        await queryRunner.query(
          'INSERT INTO "quote"."corridor_flow" ("id", "direction", "crypto_currency", "blockchain", "payment_method", "target_currency", "enabled", "fee_basis_points", "fee_fixed", "min_amount", "max_amount", "updated_at") VALUES (gen_random_uuid(), $1, $2, $3, $4, $5, true, $6, $7, $8, $9, now())',
          [direction, crypto, chain, method, fiat, bps, fixed, min, max],
        );
      }
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DELETE FROM "quote"."corridor_flow"');
    await queryRunner.query('DELETE FROM "quote"."corridor_asset"');
  }
}
