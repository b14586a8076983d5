// Checks of the observability artefacts under k8s/observability, used by validate.mjs:
//
// - PrometheusRule (monitoring.coreos.com/v1), a CRD that neither kubernetes-models nor
//   kubernetes-validate has a schema for: its shape (known fields only, durations), the
//   platform's policy for alerts (`for`, a severity label, summary and description annotations,
//   a runbook hint in the description), and every PromQL expression;
// - Grafana dashboards (the files of a configMapGenerator labelled grafana_dashboard, and the
//   rendered ConfigMaps): JSON, a Prometheus `datasource` variable that every panel, query and
//   variable uses instead of a datasource UID of one install, unique panel ids, and every query.
//
// A query is checked without a PromQL parser: brackets balance, every metric it names exists (the
// apps' own, found in the source; prom-client's default metrics; Prometheus' own, listed
// below), every label it matches or groups by is one those metrics carry, and every label an
// annotation or legend prints ($labels.x, {{x}}) is one the query keeps. A full PromQL parse is
// left to promtool (k8s/README.md, "Dashboards and alerts").
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// Series the rules and the dashboard may use that no app registers: Prometheus' own per target.
// Everything else (consumer lag included) is measured by the apps: no exporter to deploy.
export const EXTERNAL_METRICS = {
  up: [],
};
// Labels any scraped series may carry besides its own: the apps' default label (MetricsRegistry)
// and the target labels of Prometheus' Kubernetes discovery.
const TARGET_LABELS = ['service', 'namespace', 'pod', 'instance', 'job', 'container', 'node'];

const METRIC_CONSTRUCTOR = /new (Counter|Gauge|Histogram|Summary)\b(?:<[^>]*>)?\(\s*\{/g;

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory())
      return ['node_modules', 'dist', 'test'].includes(entry.name) ? [] : sourceFiles(path);
    return /\.ts$/.test(entry.name) && !/[.-]spec\.ts$/.test(entry.name) ? [path] : [];
  });
}

// name -> Set of label names, for every metric that exists.
export async function metricInventory(repositoryRoot) {
  const metrics = new Map();
  const add = (name, type, labels) => {
    const kind = type.toLowerCase();
    const names =
      kind === 'histogram'
        ? [`${name}_bucket`, `${name}_sum`, `${name}_count`]
        : kind === 'summary'
          ? [name, `${name}_sum`, `${name}_count`]
          : [name];
    const extra = kind === 'histogram' ? ['le'] : kind === 'summary' ? ['quantile'] : [];
    for (const series of names) metrics.set(series, new Set([...labels, ...extra, ...TARGET_LABELS]));
  };
  for (const dir of ['apps', 'libs']) {
    for (const file of sourceFiles(join(repositoryRoot, dir))) {
      const text = readFileSync(file, 'utf8');
      if (!text.includes('prom-client')) continue;
      const starts = [...text.matchAll(METRIC_CONSTRUCTOR)];
      starts.forEach((match, index) => {
        const body = text.slice(match.index, starts[index + 1]?.index ?? match.index + 2000);
        const name = /\bname:\s*['"]([a-zA-Z_:][a-zA-Z0-9_:]*)['"]/.exec(body)?.[1];
        const labelList = /\blabelNames:\s*\[([^\]]*)\]/.exec(body)?.[1] ?? '';
        if (name)
          add(
            name,
            match[1],
            [...labelList.matchAll(/['"]([^'"]+)['"]/g)].map((m) => m[1]),
          );
      });
    }
  }
  // What collectDefaultMetrics registers in every app (MetricsRegistry).
  const { Registry, collectDefaultMetrics } = await import('prom-client');
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  for (const metric of registry.getMetricsAsArray())
    add(metric.name, metric.constructor.name, metric.labelNames ?? []);
  registry.clear();
  for (const [name, labels] of Object.entries(EXTERNAL_METRICS)) add(name, 'gauge', labels);
  return metrics;
}

// --------------------------------------------------------------------------------- PromQL

const KEYWORDS = new Set(['by', 'without', 'on', 'ignoring', 'group_left', 'group_right', 'bool', 'offset']);
const OPERATORS = new Set(['and', 'or', 'unless', 'atan2', 'start', 'end', 'inf', 'nan']);
const NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;

// The metrics an expression names, the labels it matches or groups by, and the labels its
// `by (...)` clauses keep.
function queryParts(expr) {
  const problems = [];
  let text = expr.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`[^`]*`/g, '""');
  const closing = { ')': '(', ']': '[', '}': '{' };
  const stack = [];
  for (const char of text) {
    if ('([{'.includes(char)) stack.push(char);
    else if (closing[char] && stack.pop() !== closing[char]) {
      stack.push('!');
      break;
    }
  }
  if (stack.length > 0) problems.push('brackets do not balance');
  const labels = new Set();
  const kept = new Set();
  text = text.replace(/\{([^{}]*)\}/g, (_, body) => {
    for (const matcher of body.matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)\s*(=~|!~|!=|=)/g)) labels.add(matcher[1]);
    return ' ';
  });
  text = text.replace(/\[[^\]]*\]/g, ' ');
  text = text.replace(
    /\b(by|without|on|ignoring|group_left|group_right)\s*\(([^)]*)\)/g,
    (_, keyword, list) => {
      for (const name of list.split(',').map((item) => item.trim())) {
        if (!name) continue;
        if (!NAME.test(name)) problems.push(`"${name}" is not a label name`);
        labels.add(name);
        if (keyword === 'by') kept.add(name);
      }
      return ' ';
    },
  );
  const metrics = new Set();
  for (const match of text.matchAll(/(?<![\w.:$])([a-zA-Z_:][a-zA-Z0-9_:]*)(?![a-zA-Z0-9_:]|\s*\()/g)) {
    const word = match[1];
    if (!KEYWORDS.has(word) && !OPERATORS.has(word.toLowerCase())) metrics.add(word);
  }
  return { metrics, labels, kept, problems };
}

// Reports what is wrong with `expr`; `printed` are the labels its consumers print.
function checkQuery(expr, printed, known, report) {
  if (typeof expr !== 'string' || expr.trim() === '') return report('expr is empty');
  const { metrics, labels, kept, problems } = queryParts(expr);
  for (const problem of problems) report(problem);
  const unknown = [...metrics].filter((metric) => !known.has(metric));
  for (const metric of unknown)
    report(`metric "${metric}" is exported by no app (nor prom-client's defaults, nor Prometheus)`);
  if (metrics.size > 0 && unknown.length === 0) {
    const carried = new Set([...metrics].flatMap((metric) => [...known.get(metric)]));
    for (const name of labels)
      if (!carried.has(name)) report(`label "${name}" is not a label of ${[...metrics].join(', ')}`);
  }
  if (kept.size > 0) {
    for (const name of printed)
      if (!kept.has(name)) report(`prints label "${name}", which the query's by (...) drops`);
  }
}

// ------------------------------------------------------------------------- PrometheusRule

const DURATION = /^(?=\d)(?:\d+y)?(?:\d+w)?(?:\d+d)?(?:\d+h)?(?:\d+m)?(?:\d+s)?(?:\d+ms)?$/;
const SEVERITIES = ['critical', 'warning', 'info'];
const isObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);

function unknownKeys(object, allowed, report, what) {
  if (!isObject(object)) return report(`${what} must be a mapping`);
  for (const key of Object.keys(object))
    if (!allowed.includes(key))
      report(`${what}.${key} is not a field of monitoring.coreos.com/v1 PrometheusRule`);
}

function stringMap(object, report, what) {
  if (object === undefined) return {};
  if (!isObject(object)) return report(`${what} must be a mapping`) ?? {};
  for (const [key, value] of Object.entries(object))
    if (typeof value !== 'string') report(`${what}.${key} must be a string`);
  return object;
}

// `say(message)` reports one problem of `doc`.
export function validatePrometheusRule(doc, known, say, { partial = false } = {}) {
  unknownKeys(doc, ['apiVersion', 'kind', 'metadata', 'spec'], say, '(document)');
  unknownKeys(doc.metadata ?? {}, ['name', 'namespace', 'labels', 'annotations'], say, 'metadata');
  stringMap(doc.metadata?.labels, say, 'metadata.labels');
  stringMap(doc.metadata?.annotations, say, 'metadata.annotations');
  if (!partial && typeof doc.metadata?.name !== 'string') say('metadata.name is required');
  if (partial && doc.spec === undefined) return;
  unknownKeys(doc.spec, ['groups'], say, 'spec');
  const groups = doc.spec?.groups;
  if (!Array.isArray(groups) || groups.length === 0) return say('spec.groups must be a non-empty list');
  // Recording rules make metrics the other rules may query.
  const metrics = new Map(known);
  for (const group of groups)
    for (const rule of group?.rules ?? [])
      if (typeof rule?.record === 'string') metrics.set(rule.record, new Set(TARGET_LABELS));
  const groupNames = new Set();
  groups.forEach((group, g) => {
    const at = `spec.groups[${g}]`;
    unknownKeys(
      group,
      ['name', 'interval', 'rules', 'limit', 'partial_response_strategy', 'query_offset', 'labels'],
      say,
      at,
    );
    if (typeof group?.name !== 'string' || group.name === '') say(`${at}.name is required`);
    else if (groupNames.has(group.name)) say(`${at}.name "${group.name}" is used twice`);
    else groupNames.add(group.name);
    for (const field of ['interval', 'query_offset'])
      if (group?.[field] !== undefined && !DURATION.test(String(group[field])))
        say(`${at}.${field} "${group[field]}" is not a duration`);
    if (!Array.isArray(group?.rules) || group.rules.length === 0)
      return say(`${at}.rules must be a non-empty list`);
    group.rules.forEach((rule, r) => {
      const where = `${at}.rules[${r}]${rule?.alert ? ` (${rule.alert})` : rule?.record ? ` (${rule.record})` : ''}`;
      const report = (message) => say(`${where}: ${message}`);
      unknownKeys(
        rule,
        ['alert', 'record', 'expr', 'for', 'keep_firing_for', 'labels', 'annotations'],
        report,
        'rule',
      );
      if (!isObject(rule)) return;
      const isAlert = rule.alert !== undefined;
      if (isAlert === (rule.record !== undefined)) return report('give exactly one of alert and record');
      if (isAlert && (typeof rule.alert !== 'string' || !NAME.test(rule.alert)))
        report('alert must be a name ([a-zA-Z_][a-zA-Z0-9_]*)');
      if (!isAlert && (typeof rule.record !== 'string' || !/^[a-zA-Z_:][a-zA-Z0-9_:]*$/.test(rule.record)))
        report('record must be a metric name');
      for (const field of ['for', 'keep_firing_for'])
        if (rule[field] !== undefined && !DURATION.test(String(rule[field])))
          report(`${field} "${rule[field]}" is not a duration`);
      const labels = stringMap(rule.labels, report, 'labels');
      const annotations = stringMap(rule.annotations, report, 'annotations');
      if (!isAlert) {
        for (const field of ['for', 'keep_firing_for', 'annotations'])
          if (rule[field] !== undefined) report(`${field} is for alerting rules only`);
      } else {
        // The platform's policy: every alert waits, says how bad it is, what happened and what to do.
        if (rule.for === undefined) report('for is required (how long the condition must hold)');
        if (!SEVERITIES.includes(labels.severity))
          report(`labels.severity must be one of ${SEVERITIES.join(', ')}`);
        if (!annotations.summary) report('annotations.summary is required');
        if (!annotations.description) report('annotations.description is required');
        else if (!/runbook/i.test(annotations.description))
          report('annotations.description needs a runbook hint ("Runbook: ...")');
      }
      const templates = [...Object.values(labels), ...Object.values(annotations)].join('\n');
      const printed = new Set(
        [...templates.matchAll(/\$labels\.([a-zA-Z_][a-zA-Z0-9_]*)/g)].map((m) => m[1]),
      );
      checkQuery(typeof rule.expr === 'number' ? String(rule.expr) : rule.expr, printed, metrics, report);
    });
  });
}

// ------------------------------------------------------------------------------ dashboards

const GRAFANA_MACROS = /\$\{?__(?:rate_interval|interval|range|range_s|range_ms|interval_ms)\}?/g;

function dashboardPanels(panels) {
  return (panels ?? []).flatMap((panel) => [panel, ...dashboardPanels(panel?.panels)]);
}

// `say(message)` reports one problem of the dashboard held in `text`.
export function validateDashboard(text, known, say) {
  let dashboard;
  try {
    dashboard = JSON.parse(text);
  } catch (error) {
    return say(`not JSON: ${error.message}`);
  }
  if (!isObject(dashboard)) return say('a dashboard must be a JSON object');
  if (typeof dashboard.title !== 'string' || dashboard.title === '') say('title is required');
  if (typeof dashboard.uid !== 'string' || !/^[a-zA-Z0-9_-]{1,40}$/.test(dashboard.uid))
    say('uid must be set (1-40 letters, digits, - or _), so links to the dashboard last');
  if (dashboard.id !== undefined && dashboard.id !== null) say('id must be null: Grafana assigns it');
  if (!Number.isInteger(dashboard.schemaVersion) || dashboard.schemaVersion < 39)
    say('schemaVersion must be a current one (39 or later)');
  if (text.includes('${DS_')) say('holds an import placeholder (${DS_...}): use the datasource variable');

  const variables = Array.isArray(dashboard.templating?.list) ? dashboard.templating.list : [];
  const source = variables.find(
    (variable) => variable?.type === 'datasource' && variable.query === 'prometheus',
  );
  if (!source) return say('needs a template variable of type datasource with query "prometheus"');
  const references = new Set([`\${${source.name}}`, `$${source.name}`]);
  const checkSource = (value, what) => {
    const uid = isObject(value) ? value.uid : value;
    if (isObject(value) && value.type === 'grafana' && uid === '-- Grafana --') return;
    if (!references.has(uid))
      say(
        `${what}: datasource ${JSON.stringify(value)} is not the variable $${source.name} (no UID of one install)`,
      );
  };

  const query = (expr) => expr.replace(GRAFANA_MACROS, '5m');
  for (const variable of variables) {
    if (variable === source || variable?.type !== 'query') continue;
    const what = `variable ${variable.name}`;
    checkSource(variable.datasource, what);
    const definition = typeof variable.query === 'string' ? variable.query : variable.query?.query;
    const labelValues = /^\s*label_values\(\s*(?:(.*),\s*)?([a-zA-Z_][a-zA-Z0-9_]*)\s*\)\s*$/.exec(
      definition ?? '',
    );
    if (!labelValues) say(`${what}: only label_values(...) queries are checked; use one`);
    else if (labelValues[1]) {
      const expr = query(`group by (${labelValues[2]}) (${labelValues[1]})`);
      checkQuery(expr, new Set(), known, (message) => say(`${what}: ${message}`));
    }
  }

  const ids = new Set();
  for (const panel of dashboardPanels(dashboard.panels)) {
    const what = `panel ${panel?.id} "${panel?.title}"`;
    if (!Number.isInteger(panel?.id) || ids.has(panel.id)) say(`${what}: id must be a unique integer`);
    ids.add(panel?.id);
    const grid = panel?.gridPos;
    if (!grid || grid.x < 0 || grid.w < 1 || grid.x + grid.w > 24 || grid.h < 1)
      say(`${what}: gridPos must lie within the 24 columns`);
    if (panel?.type === 'row') continue;
    checkSource(panel?.datasource, what);
    if (!Array.isArray(panel?.targets) || panel.targets.length === 0) {
      say(`${what}: has no query`);
      continue;
    }
    const refIds = new Set();
    for (const target of panel.targets) {
      const at = `${what} query ${target?.refId}`;
      if (refIds.has(target?.refId)) say(`${at}: refId is used twice`);
      refIds.add(target?.refId);
      checkSource(target?.datasource, at);
      const printed = new Set(
        [...String(target?.legendFormat ?? '').matchAll(/\{\{\s*([a-zA-Z_][a-zA-Z0-9_]*)\s*\}\}/g)].map(
          (m) => m[1],
        ),
      );
      checkQuery(query(String(target?.expr ?? '')), printed, known, (message) => say(`${at}: ${message}`));
    }
  }
}
