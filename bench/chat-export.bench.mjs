// Peak memory of an organization data export of a realm with 1,000,000 messages on real
// PostgreSQL, then of importing that archive as a new realm: the export's own code
// (ExportDataQuery paging the messages, ExportArchiveBuilder, TarGzWriter, DirectoryExportStorage)
// and then the import's (RealmImporter: unpacking, one messages file at a time, one transaction)
// each run in a child process of their own, whose resident set is sampled every 10 ms. The realm
// is a standard export's worst case: every message in a public channel and copied to a
// consenting user, so every page also carries the copies. Prints figures; it is a measurement,
// not a test.
//
//   bash tools/infra/infra.sh up && eval "$(bash tools/infra/infra.sh env)"
//   node bench/chat-export.bench.mjs            (BENCH_EXPORT_MESSAGES=1000000 by default)
import { spawn } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { adminQuery as adminQueryOn, benchDatabase, log, ROOT, runCommand as run } from './bench-kit.mjs';

const MESSAGES = Number(process.env.BENCH_EXPORT_MESSAGES ?? 1_000_000);
const { TEST_DATABASE_URL } = process.env;

const ARCHIVE = '1/bench/zulip-export-bench.tar.gz';
const dist = (path) => import(join(ROOT, 'dist/apps/chat-api/src/realm-exports', path));
// The upload store both steps use (local disk beside the archive; the seed uploads nothing, so
// the export reads no file and the import writes none).
const uploadStore = async (directory) => {
  const { LocalDiskUploadStore } = await import(
    join(ROOT, 'dist/apps/chat-api/src/uploads/local-disk-upload.store.js')
  );
  return new LocalDiskUploadStore(join(directory, 'upload-store'));
};

// Samples this process's resident set until `finish` (10 ms apart).
function memorySampler() {
  let peak = process.memoryUsage().rss;
  const idle = peak;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  const started = performance.now();
  return () => {
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    return {
      seconds: (performance.now() - started) / 1000,
      idleRssMb: idle / 2 ** 20,
      peakRssMb: peak / 2 ** 20,
      maxRssMb: process.resourceUsage().maxRSS / 1024,
    };
  };
}

// The child: exports realm 1 of the database at argv[3] into the directory at argv[4].
async function exportInChild(databaseUrl, directory) {
  const { DataSource } = await import('typeorm');
  const { ExportDataQuery } = await dist('export-data.query.js');
  const { FeatureTablesQuery } = await dist('feature-tables.query.js');
  const { ExportArchiveBuilder } = await dist('export-archive.builder.js');
  const { TarGzWriter } = await dist('tar-gz.writer.js');
  const { DirectoryExportStorage } = await dist('directory-export-storage.js');
  const dataSource = await new DataSource({ type: 'postgres', url: databaseUrl, entities: [] }).initialize();
  const clock = { now: () => new Date() };
  const finish = memorySampler();
  const pending = await new DirectoryExportStorage(directory).create(ARCHIVE);
  const archive = new TarGzWriter(pending.stream);
  const consenting = await dataSource.query(
    `SELECT "user_id" FROM "chat"."user_export_consent" WHERE "allowed"`,
  );
  const builder = new ExportArchiveBuilder(
    new ExportDataQuery(dataSource),
    new FeatureTablesQuery(dataSource),
    clock,
    await uploadStore(directory),
  );
  const { messages } = await builder.write(archive, {
    realmId: 1,
    consentingIds: consenting.map((row) => row.user_id),
    directory: 'zulip-export-bench',
    progress: async () => undefined,
  });
  const written = await archive.finish();
  await pending.commit();
  const figures = finish();
  await dataSource.destroy();
  process.stdout.write(JSON.stringify({ messages, ...figures, archiveMb: written.sizeBytes / 2 ** 20 }));
}

// The child: imports the archive in the directory at argv[4] as a new realm of the database at
// argv[3].
async function importInChild(databaseUrl, directory) {
  const { DataSource } = await import('typeorm');
  const { TransactionRunner } = await import(join(ROOT, 'dist/libs/platform/database/src/index.js'));
  const { RealmImporter } = await dist('import/realm-importer.js');
  const { RealmImportRepository } = await dist('import/realm-import.repository.js');
  const { ApiKeyVault } = await import(join(ROOT, 'dist/apps/chat-api/src/users/api-key-vault.js'));
  const dataSource = await new DataSource({ type: 'postgres', url: databaseUrl, entities: [] }).initialize();
  const importer = new RealmImporter(
    new TransactionRunner(dataSource),
    new RealmImportRepository(dataSource),
    new ApiKeyVault({ CHAT_SECRET_KEY: 'bench-secret-key-bench-secret-key-0123' }),
    { now: () => new Date() },
    await uploadStore(directory),
  );
  const finish = memorySampler();
  const imported = await importer.import(createReadStream(join(directory, ARCHIVE)), {
    host: 'imported.bench.test',
    origin: 'http://bench.test',
  });
  const figures = finish();
  await dataSource.destroy();
  process.stdout.write(JSON.stringify({ messages: imported.messages, ...figures }));
}

async function seed(databaseUrl) {
  const sql = (text) => adminQueryOn(databaseUrl, text);
  await sql(
    `INSERT INTO "chat"."realm" ("id", "name", "url") OVERRIDING SYSTEM VALUE VALUES (1, 'Bench', 'http://bench.test')`,
  );
  await sql(
    `INSERT INTO "chat"."user_profile" ("id", "realm_id", "email", "email_key", "full_name", "role", "api_key_hash", "api_key_sealed", "date_joined")
     OVERRIDING SYSTEM VALUE
     SELECT i, 1, 'user' || i || '@bench.test', 'user' || i || '@bench.test', 'User ' || i, CASE WHEN i = 1 THEN 100 ELSE 400 END,
            md5(i::text), md5(i::text), now()
       FROM generate_series(1, 3) AS i`,
  );
  await sql(
    `INSERT INTO "chat"."user_export_consent" ("user_id", "realm_id", "allowed") VALUES (1, 1, true), (2, 1, true)`,
  );
  await sql(
    `INSERT INTO "chat"."recipient" ("id", "realm_id", "type", "conversation_key") OVERRIDING SYSTEM VALUE VALUES (1, 1, 2, 'stream:1')`,
  );
  await sql(
    `INSERT INTO "chat"."stream" ("id", "realm_id", "name", "name_key", "recipient_id", "date_created")
     OVERRIDING SYSTEM VALUE VALUES (1, 1, 'general', 'general', 1, now())`,
  );
  await sql(
    `INSERT INTO "chat"."message" ("realm_id", "sender_id", "recipient_id", "stream_id", "topic", "topic_key", "content", "rendered_content", "client", "date_sent")
     SELECT 1, 1 + i % 3, 1, 1, 'topic ' || i % 100, 'topic ' || i % 100,
            'Message number ' || i || ' with some **Markdown** text in it, as a chat line would have.',
            '<p>Message number ' || i || ' with some <strong>Markdown</strong> text in it, as a chat line would have.</p>',
            'website', now() - make_interval(secs => ${MESSAGES} - i)
       FROM generate_series(1, ${MESSAGES}) AS i`,
  );
  await sql(
    `INSERT INTO "chat"."user_message" ("user_id", "message_id", "flags") SELECT 2, "id", 1 FROM "chat"."message"`,
  );
  // The rows above were given their ids: the sequences move past them, as after real inserts
  // (the import takes its ids from them).
  for (const table of ['realm', 'user_profile', 'recipient', 'stream'])
    await sql(
      `SELECT setval(pg_get_serial_sequence('"chat"."${table}"', 'id'), (SELECT max("id") FROM "chat"."${table}"))`,
    );
  await sql(`ANALYZE`);
}

function runChild(step, databaseUrl, directory) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [new URL(import.meta.url).pathname, `--${step}`, databaseUrl, directory],
      {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(JSON.parse(output)) : reject(new Error(`${step} exited ${code}`)),
    );
  });
}

async function main() {
  if (!TEST_DATABASE_URL) {
    process.stderr.write('needs a real PostgreSQL: eval "$(bash tools/infra/infra.sh env)" first\n');
    process.exit(2);
  }
  const { name, url } = benchDatabase('bench_export', TEST_DATABASE_URL);
  const directory = await mkdtemp(join(tmpdir(), 'bench-export-'));
  let created = false;
  try {
    log('building');
    await run(process.execPath, ['tools/build/build.mjs', '--quiet']);
    await adminQueryOn(TEST_DATABASE_URL, `CREATE DATABASE "${name}"`);
    created = true;
    await run(process.execPath, ['dist/tools/db/src/main.js', 'run'], {
      DATABASE_URL: url,
      LOG_LEVEL: 'warn',
    });
    log(`seeding ${MESSAGES} messages`);
    await seed(url);
    log('exporting');
    const figures = await runChild('export', url, directory);
    log('importing');
    const imported = await runChild('import', url, directory);
    const mb = (value) => `${value.toFixed(1)} MB`;
    process.stdout.write(
      [
        `messages exported      ${figures.messages}`,
        `duration               ${figures.seconds.toFixed(1)} s (${Math.round(figures.messages / figures.seconds)} messages/s)`,
        `archive                ${mb(figures.archiveMb)}`,
        `RSS before the export  ${mb(figures.idleRssMb)}`,
        `peak RSS (sampled)     ${mb(figures.peakRssMb)}`,
        `peak RSS (maxrss)      ${mb(figures.maxRssMb)}`,
        `messages imported      ${imported.messages}`,
        `import duration        ${imported.seconds.toFixed(1)} s (${Math.round(imported.messages / imported.seconds)} messages/s)`,
        `RSS before the import  ${mb(imported.idleRssMb)}`,
        `import peak (sampled)  ${mb(imported.peakRssMb)}`,
        `import peak (maxrss)   ${mb(imported.maxRssMb)}`,
        '',
      ].join('\n'),
    );
  } finally {
    await rm(directory, { recursive: true, force: true });
    if (created) await adminQueryOn(TEST_DATABASE_URL, `DROP DATABASE "${name}" WITH (FORCE)`);
  }
}

if (process.argv[2] === '--export') await exportInChild(process.argv[3], process.argv[4]);
else if (process.argv[2] === '--import') await importInChild(process.argv[3], process.argv[4]);
else await main();
