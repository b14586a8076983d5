// The modules of a QR code, as `qrcode`'s create() lays them out (row by row, 1 = dark).
export interface QrModules {
  readonly size: number;
  get(row: number, column: number): number;
}

// The quiet zone the QR standard asks for around the symbol, in modules: without it a scanner
// may not find the code against whatever surrounds it.
export const QUIET_ZONE = 4;

// One SVG path drawing every dark module, a rectangle per run of dark modules in a row (one
// element instead of thousands), offset by the quiet zone; the viewBox is size + 2 × QUIET_ZONE.
export function darkModulesPath(modules: QrModules): string {
  const runs: string[] = [];
  for (let row = 0; row < modules.size; row++) {
    let column = 0;
    while (column < modules.size) {
      if (!modules.get(row, column)) {
        column++;
        continue;
      }
      const start = column;
      while (column < modules.size && modules.get(row, column)) column++;
      runs.push(`M${start + QUIET_ZONE} ${row + QUIET_ZONE}h${column - start}v1h-${column - start}z`);
    }
  }
  return runs.join('');
}
