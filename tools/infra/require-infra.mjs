#!/usr/bin/env node
// Exits 0 when TEST_DATABASE_URL, KAFKA_BROKERS and TEST_CLAMD_ADDRESS are set and TCP-reachable;
// otherwise prints how to start the local infra and exits 1.
// Usage: node tools/infra/require-infra.mjs   (no dependencies: node built-ins only)
import net from 'node:net';

const HINT =
  'Integration tests need real PostgreSQL, Kafka and clamd. Run:\n' +
  '  bash tools/infra/infra.sh up\n' +
  '  eval "$(bash tools/infra/infra.sh env)"';

function reachable(host, port, timeoutMs = 2000) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

// "host:port" -> {host, port}; handles "[::1]:9092" too.
function hostPort(s, defaultPort) {
  const u = new URL(`tcp://${s.trim()}`);
  return { host: u.hostname.replace(/^\[|\]$/g, ''), port: Number(u.port || defaultPort) };
}

const problems = [];
const targets = [];
const { TEST_DATABASE_URL: dbUrl, KAFKA_BROKERS: brokers, TEST_CLAMD_ADDRESS: clamd } = process.env;

if (!dbUrl) problems.push('TEST_DATABASE_URL is not set');
else {
  try {
    const u = new URL(dbUrl);
    targets.push({ name: 'PostgreSQL', host: u.hostname, port: Number(u.port || 5432) });
  } catch {
    problems.push(`TEST_DATABASE_URL is not a valid URL: ${dbUrl}`);
  }
}

if (!brokers) problems.push('KAFKA_BROKERS is not set');
else {
  for (const b of brokers.split(',').filter(Boolean)) {
    try {
      targets.push({ name: 'Kafka', ...hostPort(b, 9092) });
    } catch {
      problems.push(`KAFKA_BROKERS entry is not host:port: ${b}`);
    }
  }
}

if (!clamd) problems.push('TEST_CLAMD_ADDRESS is not set');
else {
  try {
    targets.push({ name: 'clamd', ...hostPort(clamd, 3310) });
  } catch {
    problems.push(`TEST_CLAMD_ADDRESS is not host:port: ${clamd}`);
  }
}

const results = await Promise.all(targets.map((t) => reachable(t.host, t.port)));
targets.forEach((t, i) => {
  if (!results[i]) problems.push(`${t.name} is not reachable at ${t.host}:${t.port}`);
});

if (problems.length > 0) {
  console.error(`[require-infra] ${problems.join('; ')}.\n${HINT}`);
  process.exit(1);
}
