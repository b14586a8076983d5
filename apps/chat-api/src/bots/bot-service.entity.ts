import { Column, Entity, PrimaryColumn } from 'typeorm';

export enum BotInterface {
  GENERIC = 1,
  SLACK_COMPATIBLE = 2,
}

// The outgoing webhook of an outgoing-webhook bot: where messages that trigger the bot are
// POSTed, in which format, and the token the receiver checks (fixed per bot, sealed at rest).
@Entity({ name: 'bot_service' })
export class BotServiceEntity {
  @PrimaryColumn({ name: 'bot_user_id', type: 'int' })
  botUserId!: number;

  @Column({ name: 'realm_id', type: 'int' })
  realmId!: number;

  @Column({ type: 'varchar', length: 100 })
  name!: string;

  @Column({ name: 'base_url', type: 'varchar', length: 2000 })
  baseUrl!: string;

  @Column({ type: 'smallint' })
  interface!: BotInterface;

  @Column({ name: 'token_sealed', type: 'varchar', length: 200 })
  tokenSealed!: string;
}
