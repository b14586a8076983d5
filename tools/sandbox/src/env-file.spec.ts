import { describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeEnvFile } from './env-file.js';

describe(writeEnvFile.name, () => {
  it('writes a file that a POSIX shell sources back to the same values, readable by its owner only', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sandbox-env-'));
    try {
      const path = join(dir, 'nested', 'sandbox.env');
      const env = { PLAIN: 'http://127.0.0.1:4000', QUOTED: "it's [1,2] ; $HOME `x`" };
      await writeEnvFile(path, env);
      const echoed = execFileSync('sh', ['-c', `. "${path}"; printf '%s\\n%s' "$PLAIN" "$QUOTED"`], {
        encoding: 'utf8',
      });
      expect(echoed).toBe(`${env.PLAIN}\n${env.QUOTED}`);
      expect((await stat(path)).mode & 0o777).toBe(0o600);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
