// The dashboard's and the alerts' queries against what running apps export: every metric a query
// names must be on some app's /metrics. validate.mjs checks them against the metrics the source
// declares; this catches one declared but never registered (or registered by no app that runs).
//
//   node tools/k8s/live-metrics.mjs <metrics URL>...   (each app's /metrics)
//
// Exit status: 0 when every query's metrics are exported, 1 with the problems, 2 on bad usage.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import {
  EXTERNAL_METRICS,
  metricInventory,
  validateDashboard,
  validatePrometheusRule,
} from './observability.mjs';
import { PROMETHEUS_RULE_FILE } from './prometheus-rule.mjs';

const repositoryRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const DASHBOARD_FILE = join('k8s', 'observability', 'grafana', 'platform-dashboard.json');

// Series names an exposition announces (`# TYPE name kind`), with a histogram's or summary's own.
function exportedSeries(text) {
  const series = new Set();
  for (const [, name, kind] of text.matchAll(/^# TYPE ([a-zA-Z_:][a-zA-Z0-9_:]*) (\w+)$/gm)) {
    series.add(name);
    if (kind === 'histogram') for (const suffix of ['_bucket', '_sum', '_count']) series.add(name + suffix);
    if (kind === 'summary') for (const suffix of ['_sum', '_count']) series.add(name + suffix);
  }
  return series;
}

const urls = process.argv.slice(2);
if (urls.length === 0) {
  console.error('usage: node tools/k8s/live-metrics.mjs <metrics URL>...');
  process.exit(2);
}
const exported = new Set();
for (const url of urls) {
  const response = await fetch(url);
  if (!response.ok) {
    console.error(`${url} answered ${response.status}`);
    process.exit(1);
  }
  for (const series of exportedSeries(await response.text())) exported.add(series);
}
// The source inventory gives each metric's labels; only the exported ones (and Prometheus' own)
// count as known.
const declared = await metricInventory(repositoryRoot);
const known = new Map(
  [...declared].filter(([series]) => exported.has(series) || Object.hasOwn(EXTERNAL_METRICS, series)),
);

const problems = [];
const read = (path) => readFileSync(join(repositoryRoot, path), 'utf8');
validateDashboard(read(DASHBOARD_FILE), known, (message) => problems.push(`${DASHBOARD_FILE}: ${message}`));
validatePrometheusRule(parse(read(PROMETHEUS_RULE_FILE)), known, (message) =>
  problems.push(`${PROMETHEUS_RULE_FILE}: ${message}`),
);
if (problems.length > 0) {
  console.log(problems.join('\n'));
  process.exit(1);
}
console.log(`every query's metrics are exported (${exported.size} series on ${urls.length} apps)`);
