// Compiles every TypeScript source of the workspace into dist/ with SWC (seconds, not minutes),
// keeping decorator metadata for Nest's DI and rewriting the `@scope/lib` aliases of
// tsconfig.base.json into relative paths so plain `node` runs the output. Type checking is a
// separate step (`npm run typecheck`); this only transpiles. Unchanged files are skipped.
import { transformFile } from '@swc/core';
import { copyFile, mkdir, readFile, readdir, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildConsole } from './console-build.mjs';
import { swcOptions } from './swc-options.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const outDir = join(root, 'dist');
const sourceRoots = ['apps', 'libs', 'tools', 'bench'];
const testFile = /\.(spec|integration-spec|e2e-spec|infra-spec)\.ts$/;
// Browser code, bundled by Vite (console-build.mjs) rather than compiled for Node.
const browserSources = join(root, 'libs', 'console', 'web');
const quiet = process.argv.includes('--quiet');

// Every file under `dir`, leaving out dependencies, test folders and the folders `skip` names.
async function* filesUnder(dir, skip = () => false) {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (!entry.isDirectory()) yield path;
    else if (entry.name !== 'node_modules' && entry.name !== 'test' && !skip(path))
      yield* filesUnder(path, skip);
  }
}

async function* typescriptSources(dir) {
  for await (const path of filesUnder(dir, (folder) => folder === browserSources)) {
    const name = basename(path);
    if (name.endsWith('.ts') && !name.endsWith('.d.ts') && !testFile.test(name)) yield path;
  }
}

// Data files that compiled code reads beside itself (e.g. a contract's ABI and bytecode): JSON under
// a `src` folder is copied to the same place in dist/.
async function* sourceAssets(dir) {
  for await (const path of filesUnder(dir)) {
    if (path.endsWith('.json') && path.split(sep).includes('src')) yield path;
  }
}

async function loadAliases() {
  const tsconfig = JSON.parse(await readFile(join(root, 'tsconfig.base.json'), 'utf8'));
  return Object.entries(tsconfig.compilerOptions.paths).map(([alias, [target]]) => ({
    alias,
    source: join(root, target),
    target: join(outDir, target.replace(/^\.\//, '').replace(/\.ts$/, '.js')),
  }));
}

function rewriteAliases(code, outFile, aliases) {
  let result = code;
  for (const { alias, target } of aliases) {
    let specifier = relative(dirname(outFile), target).split(sep).join('/');
    if (!specifier.startsWith('.')) specifier = `./${specifier}`;
    result = result.replaceAll(`'${alias}'`, `'${specifier}'`).replaceAll(`"${alias}"`, `"${specifier}"`);
  }
  return result;
}

async function isFresh(source, output) {
  try {
    const [src, out] = await Promise.all([stat(source), stat(output)]);
    return out.mtimeMs >= src.mtimeMs;
  } catch {
    return false;
  }
}

const started = Date.now();
const aliases = await loadAliases();
const aliasesChanged = !(await isFresh(join(root, 'tsconfig.base.json'), join(outDir, '.build-stamp')));
let compiled = 0;
const jobs = [];
for (const sourceRoot of sourceRoots) {
  for await (const source of typescriptSources(join(root, sourceRoot))) {
    const outFile = join(outDir, relative(root, source)).replace(/\.ts$/, '.js');
    jobs.push(
      (async () => {
        if (!aliasesChanged && (await isFresh(source, outFile))) return;
        const { code, map } = await transformFile(source, {
          ...swcOptions,
          sourceMaps: true,
          filename: source,
        });
        await mkdir(dirname(outFile), { recursive: true });
        const mapName = `${outFile.split(sep).pop()}.map`;
        await writeFile(
          outFile,
          `${rewriteAliases(code, outFile, aliases)}\n//# sourceMappingURL=${mapName}\n`,
        );
        if (map) await writeFile(`${outFile}.map`, map);
        compiled += 1;
      })(),
    );
  }
}
const sources = jobs.length;
for (const sourceRoot of sourceRoots) {
  for await (const asset of sourceAssets(join(root, sourceRoot))) {
    const outFile = join(outDir, relative(root, asset));
    jobs.push(
      (async () => {
        if (await isFresh(asset, outFile)) return;
        await mkdir(dirname(outFile), { recursive: true });
        await copyFile(asset, outFile);
      })(),
    );
  }
}
await Promise.all(jobs);
await mkdir(outDir, { recursive: true });
const consoleBuilt = await buildConsole({
  root,
  outDir,
  aliases: Object.fromEntries(aliases.map(({ alias, source }) => [alias, source])),
  inputsChanged: aliasesChanged,
});
await writeFile(join(outDir, 'package.json'), '{ "type": "module" }\n');
await writeFile(join(outDir, '.build-stamp'), new Date().toISOString());
if (!quiet)
  console.log(
    `[build] ${compiled} of ${sources} files compiled${consoleBuilt ? ', web console bundled,' : ''} in ${Date.now() - started} ms`,
  );
