import { ImportArchiveError } from './import-archive.error.js';

// The ids an import gives the archive's rows: per kind of row, archive id → new id.
export type IdKind =
  'user' | 'stream' | 'recipient' | 'message' | 'usergroup' | 'customprofilefield' | 'channelfolder';

export class ImportIds {
  private readonly maps = new Map<IdKind, Map<number, number>>();

  set(kind: IdKind, archiveId: number, newId: number): void {
    let map = this.maps.get(kind);
    if (!map) this.maps.set(kind, (map = new Map()));
    map.set(archiveId, newId);
  }

  has(kind: IdKind, archiveId: unknown): boolean {
    return this.maps.get(kind)?.has(archiveId as number) ?? false;
  }

  // The new id of a reference (null stays null); a reference to a row the archive does not hold
  // makes the archive unusable.
  of(kind: IdKind, archiveId: unknown): number | null {
    if (archiveId === null || archiveId === undefined) return null;
    const id = this.maps.get(kind)?.get(archiveId as number);
    if (id === undefined)
      throw new ImportArchiveError(`The archive refers to a missing ${kind} ${String(archiveId)}`);
    return id;
  }
}
