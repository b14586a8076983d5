import { Column, PrimaryGeneratedColumn } from 'typeorm';

// The leading columns of a row that belongs to one user of one realm (a push device, a saved
// snippet, a profile field's value): its id, and the realm and user that every query scopes by.
export abstract class UserOwnedColumns {
  @PrimaryGeneratedColumn('identity', { type: 'int' })
  id!: number;

  @Column({ name: 'realm_id', type: 'int' })
  realmId!: number;

  @Column({ name: 'user_id', type: 'int' })
  userId!: number;
}
