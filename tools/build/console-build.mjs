// Bundles the web console (libs/console/web: React + TypeScript) with Vite into dist/console,
// which the gateway serves at /console. Skipped when no console source is newer than the last
// bundle, so a start without console changes costs nothing.
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

async function newestChange(dir) {
  let newest = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, (await stat(join(entry.parentPath, entry.name))).mtimeMs);
  }
  return newest;
}

async function builtAt(file) {
  try {
    return (await stat(file)).mtimeMs;
  } catch {
    return -1;
  }
}

// `aliases`: the workspace libs the console imports (@shared/contracts, @payout/rails), by their
// source file.
export async function buildConsole({ root, outDir, aliases, inputsChanged }) {
  const consoleRoot = join(root, 'libs', 'console', 'web');
  // The console's sources and the libs it imports.
  const inputs = [
    consoleRoot,
    join(root, 'libs', 'shared', 'contracts', 'src'),
    join(root, 'libs', 'payout', 'rails', 'src'),
  ];
  const outFile = join(outDir, 'console', 'index.html');
  const newestInput = Math.max(...(await Promise.all(inputs.map(newestChange))));
  if (!inputsChanged && newestInput <= (await builtAt(outFile))) return false;
  const { build } = await import('vite');
  await build({
    configFile: false,
    root: consoleRoot,
    base: '/console/',
    logLevel: 'warn',
    resolve: { alias: aliases },
    build: {
      outDir: join(outDir, 'console'),
      emptyOutDir: true,
      // The gateway's Content-Security-Policy allows no inline script or style.
      assetsInlineLimit: 0,
      modulePreload: { polyfill: false },
      sourcemap: true,
    },
  });
  return true;
}
