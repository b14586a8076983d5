// The container images' contents, checked without a Docker daemon: builds the runtime file tree
// that docker/Dockerfile produces — the same copied paths and the same install command, read from
// the Dockerfile itself — then, from that tree alone, runs the migration tool of every image and
// starts each app far enough to load all its modules and answer /health/live. Catches what only an
// image has: a dependency left outside the copied paths, a link that points out of the tree.
//
//   node tools/images/runtime-tree-check.mjs     (needs TEST_DATABASE_URL and KAFKA_BROKERS: the
//                                                  real PostgreSQL and Kafka of tools/infra)
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, lstatSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { deploymentNodeFlags } from '../k8s/deployment-node-flags.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const databaseUrl = requiredEnv('TEST_DATABASE_URL');
const kafkaBrokers = requiredEnv('KAFKA_BROKERS');
const LIVE_WITHIN_MS = 90_000;

function requiredEnv(name) {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: start tools/infra (bash tools/infra/infra.sh up) first`);
  return value;
}

function log(message) {
  process.stdout.write(`[images] ${message}\n`);
}

// The Dockerfile's stages by name: each stage's COPY instructions and the npm install it runs.
function dockerfileStages() {
  const text = readFileSync(join(root, 'docker', 'Dockerfile'), 'utf8').replace(/\\\n\s*/g, ' ');
  const stages = new Map();
  let current = null;
  for (const line of text.split('\n').map((l) => l.trim())) {
    const from = /^FROM\s+\S+\s+AS\s+(\S+)/i.exec(line);
    if (from) stages.set(from[1], (current = { copies: [], npmInstall: null }));
    if (!current) continue;
    const copy = /^COPY\s+(?:--from=(\S+)\s+)?(.+)$/i.exec(line);
    if (copy) {
      const paths = copy[2].split(/\s+/);
      current.copies.push({ from: copy[1] ?? null, sources: paths.slice(0, -1), destination: paths.at(-1) });
    }
    const install = /\b(npm (?:install|ci)\b.*)$/.exec(line);
    if (/^RUN\b/i.test(line) && install) current.npmInstall = install[1];
  }
  return stages;
}

function copyInto(tree, source, destination) {
  cpSync(source, join(tree, destination), { recursive: true, verbatimSymlinks: true });
}

// The stage's own COPY instructions (from the build context, the repository) into `tree`.
function copyContext(stage, tree) {
  for (const { sources, destination } of stage.copies.filter((copy) => copy.from === null)) {
    for (const source of sources) {
      const target = destination.endsWith('/') ? join(destination, source) : destination;
      copyInto(tree, join(root, source), target);
    }
  }
}

// A link in the tree must land inside the tree: the image holds nothing else.
function linksLeavingTree(tree) {
  const leaving = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isSymbolicLink()) {
        const target = resolve(dirname(path), readlinkSync(path));
        if (relative(tree, target).startsWith('..')) leaving.push(`${relative(tree, path)} -> ${target}`);
        else if (!exists(target))
          leaving.push(`${relative(tree, path)} -> (missing) ${relative(tree, target)}`);
      } else if (entry.isDirectory()) walk(path);
    }
  };
  walk(tree);
  return leaving;
}

function exists(path) {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

// What each app needs at boot beyond the shared settings (docker/compose.yaml sets the same names):
// throwaway secrets, and peers' URLs that are only dialled later.
function appEnvironment(app) {
  const secret = () => randomBytes(24).toString('hex');
  const key = () => randomBytes(32).toString('base64');
  const peer = 'http://127.0.0.1:9';
  const byApp = {
    'api-gateway': {
      QUOTE_SERVICE_URL: peer,
      TRANSACTION_SERVICE_URL: peer,
      KYC_SERVICE_URL: peer,
      WEBHOOK_DISPATCHER_URL: peer,
      CHAT_API_URL: peer,
      API_KEY_PEPPER: secret(),
      WALLET_JWT_SECRET: secret(),
      OPS_API_KEY: secret(),
    },
    'transaction-service': {
      QUOTE_SERVICE_URL: peer,
      KYC_SERVICE_URL: peer,
      CHAIN_WATCHERS_URL: peer,
      TRANSACTION_PII_KEY: key(),
    },
    'chain-watchers': {
      TRANSACTION_SERVICE_URL: peer,
      QUOTE_SERVICE_URL: peer,
      DEPOSIT_MASTER_SECRET: secret(),
    },
    'kyc-service': { KYC_ENCRYPTION_KEY: key(), KYC_STORAGE_DIR: mkdtempSync(join(tmpdir(), 'kyc-')) },
    'chat-api': { CHAT_SECRET_KEY: secret() },
    'webhook-dispatcher': { WEBHOOK_ENCRYPTION_KEY: key() },
  };
  return byApp[app] ?? {};
}

async function answersLive(port, child) {
  const deadline = Date.now() + LIVE_WITHIN_MS;
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/health/live`, {
        signal: AbortSignal.timeout(2000),
      });
      if (response.ok) return true;
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, 500));
  }
  return false;
}

async function startApp(tree, app, sharedEnv) {
  // From the workspace's build (done first, below): the product's own way of picking a port.
  const { freeLoopbackPorts } = await import('../../dist/libs/shared/util/src/free-loopback-ports.js');
  const [port] = await freeLoopbackPorts(1);
  const output = [];
  const child = spawn('node', ['--enable-source-maps', `dist/apps/${app}/src/main.js`], {
    cwd: tree,
    env: { PATH: process.env.PATH, ...sharedEnv, ...appEnvironment(app), PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk) => output.push(chunk));
  child.stderr.on('data', (chunk) => output.push(chunk));
  const live = await answersLive(port, child);
  child.kill('SIGTERM');
  await new Promise((done) => (child.exitCode === null ? child.once('exit', done) : done()));
  return { live, output: Buffer.concat(output).toString('utf8') };
}

async function withDatabase(work) {
  const name = `image_check_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  try {
    return await work(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  }
}

async function main() {
  const stages = dockerfileStages();
  const deps = stages.get('prod-deps');
  const runtime = stages.get('runtime');
  if (!deps?.npmInstall || !runtime)
    throw new Error('docker/Dockerfile has no prod-deps install or runtime stage');
  const work = mkdtempSync(join(tmpdir(), 'image-tree-'));
  try {
    log('building the workspace (the build stage: npm run build)');
    const build = spawnSync('node', ['tools/build/build.mjs', '--quiet'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('the build failed');

    const depsTree = join(work, 'prod-deps');
    copyContext(deps, depsTree);
    log(`prod-deps: ${deps.npmInstall}`);
    const install = spawnSync(deps.npmInstall, { cwd: depsTree, shell: true, stdio: 'inherit' });
    if (install.status !== 0) throw new Error('the prod-deps install failed');

    const tree = join(work, 'runtime');
    for (const { from, sources, destination } of runtime.copies) {
      const stageRoot = { 'prod-deps': depsTree, build: root }[from];
      if (!stageRoot) throw new Error(`runtime copies from an unknown stage: ${from}`);
      for (const source of sources)
        copyInto(tree, join(stageRoot, source.replace(/^\/app\/?/, '')), destination);
    }
    const leaving = linksLeavingTree(tree);
    if (leaving.length > 0) throw new Error(`links that leave the image's tree:\n  ${leaving.join('\n  ')}`);
    log('runtime tree built; no link leaves it');

    const apps = readdirSync(join(tree, 'dist', 'apps'));
    const failures = await withDatabase(async (url) => {
      const sharedEnv = {
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        DATABASE_URL: url,
        EVENT_BUS: 'kafka',
        KAFKA_BROKERS: kafkaBrokers,
        ENVIRONMENT_ID: `image-check-${process.pid}`,
        INTERNAL_AUTH_SECRET: randomBytes(24).toString('hex'),
      };
      const migrate = spawnSync('node', ['--enable-source-maps', 'dist/tools/db/src/main.js', 'run'], {
        cwd: tree,
        env: { PATH: process.env.PATH, ...sharedEnv },
        encoding: 'utf8',
      });
      if (migrate.status !== 0) return [`the migration tool: ${migrate.stdout}${migrate.stderr}`];
      log('the migration tool ran every migration from the tree');
      const failed = [];
      for (const app of apps) {
        // The Node options its Deployment sets: an option Node refuses would stop it at boot.
        const nodeFlags = deploymentNodeFlags(app).join(' ');
        const env = nodeFlags ? { ...sharedEnv, NODE_OPTIONS: nodeFlags } : sharedEnv;
        const { live, output } = await startApp(tree, app, env);
        const started = nodeFlags ? ` (NODE_OPTIONS ${nodeFlags})` : '';
        log(`${app}${started}: ${live ? 'answered /health/live' : 'did NOT answer /health/live'}`);
        if (!live) failed.push(`${app}:\n${output.split('\n').slice(-30).join('\n')}`);
      }
      return failed;
    });
    if (failures.length > 0) throw new Error(failures.join('\n\n'));
    log(`every image's tree starts: ${apps.length} apps and the migration tool`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error) => {
  process.stderr.write(`[images] FAILED: ${error.message}\n`);
  process.exit(1);
});
