import { describe, expect, it } from '@jest/globals';
import { darkModulesPath, QUIET_ZONE, type QrModules } from './qr-code-path.js';

const modulesOf = (rows: readonly string[]): QrModules => ({
  size: rows.length,
  get: (row, column) => (rows[row]![column] === '#' ? 1 : 0),
});

describe(darkModulesPath.name, () => {
  it('draws each run of dark modules in a row as one rectangle, inside the quiet zone', () => {
    expect(QUIET_ZONE).toBe(4);
    expect(darkModulesPath(modulesOf(['##.', '.#.', '#.#']))).toBe(
      'M4 4h2v1h-2zM5 5h1v1h-1zM4 6h1v1h-1zM6 6h1v1h-1z',
    );
  });

  it('draws nothing for an all-light matrix', () => {
    expect(darkModulesPath(modulesOf(['..', '..']))).toBe('');
  });
});
