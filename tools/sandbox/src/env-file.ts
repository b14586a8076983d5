import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

// `export NAME='value'` lines: `source` works in any POSIX shell and every app reads the
// variables it knows. The keys are sandbox keys, but the file is still the owner's only.
export async function writeEnvFile(path: string, env: Record<string, string>): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const lines = Object.entries(env).map(
    ([name, value]) => `export ${name}='${value.replaceAll("'", "'\\''")}'`,
  );
  await writeFile(path, `${lines.join('\n')}\n`, { mode: 0o600 });
  await chmod(path, 0o600);
}
