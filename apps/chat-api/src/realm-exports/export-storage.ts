import type { Readable, Writable } from 'node:stream';

// An archive being written: nothing is visible under its key until `commit`.
export interface PendingArchive {
  readonly stream: Writable;
  commit(): Promise<void>;
  discard(): Promise<void>;
}

// Where export archives are kept. The default keeps them in a directory (a persistent volume in
// Kubernetes); an object store would be another implementation of this class.
export abstract class ExportStorage {
  abstract create(key: string): Promise<PendingArchive>;
  // The archive under `key`, or null when there is none (deleted, or never written).
  abstract open(key: string): Promise<{ stream: Readable; size: number } | null>;
  abstract delete(key: string): Promise<void>;
}
