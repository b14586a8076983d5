import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

// Zulip's RealmExport.type.
export enum RealmExportType {
  PUBLIC = 1,
  // Public data, and the private data of the users who allow it.
  STANDARD = 2,
}

// Zulip's RealmExport.status values.
export enum RealmExportStatus {
  REQUESTED = 1,
  STARTED = 2,
  SUCCEEDED = 3,
  FAILED = 4,
  DELETED = 5,
}

// One data export of a realm (Zulip's RealmExport). The worker's queue is this table: a
// requested or started row whose claim has lapsed is (re)built by whichever replica claims it.
@Entity({ name: 'realm_export' })
@Index('realm_export_realm_idx', ['realmId', 'id'])
@Index('realm_export_pending_idx', ['id'], { where: '"status" IN (1, 2)' })
export class RealmExportEntity {
  @PrimaryGeneratedColumn('identity', { type: 'int' })
  id!: number;

  @Column({ name: 'realm_id', type: 'int' })
  realmId!: number;

  @Column({ name: 'acting_user_id', type: 'int' })
  actingUserId!: number;

  @Column({ type: 'smallint' })
  type!: RealmExportType;

  @Column({ type: 'smallint' })
  status!: RealmExportStatus;

  @Column({ name: 'date_requested', type: 'timestamptz' })
  dateRequested!: Date;

  @Column({ name: 'date_started', type: 'timestamptz', nullable: true })
  dateStarted!: Date | null;

  @Column({ name: 'date_succeeded', type: 'timestamptz', nullable: true })
  dateSucceeded!: Date | null;

  @Column({ name: 'date_failed', type: 'timestamptz', nullable: true })
  dateFailed!: Date | null;

  @Column({ name: 'date_deleted', type: 'timestamptz', nullable: true })
  dateDeleted!: Date | null;

  // The archive's key in the export storage, once written.
  @Column({ name: 'export_path', type: 'varchar', length: 255, nullable: true })
  exportPath!: string | null;

  @Column({ name: 'tarball_size_bytes', type: 'bigint', nullable: true })
  tarballSizeBytes!: string | null;

  @Column({ name: 'sha256sum_hex', type: 'varchar', length: 64, nullable: true })
  sha256sumHex!: string | null;

  // How many times a worker took the row: a build that keeps dying (out of memory) is given up.
  @Column({ type: 'smallint', default: 0 })
  attempts!: number;

  // A worker's claim while it builds the archive; another replica resumes once it lapses.
  @Column({ name: 'claimed_until', type: 'timestamptz', nullable: true })
  claimedUntil!: Date | null;
}
