// The platform's PrometheusRule (prometheus-operator) wraps the plain rules file that promtool
// checks: k8s/observability/prometheus/platform-alerts.rules.yml is the source, and
// platform-alerts.yaml beside it is this script's output (validate.mjs fails when they differ).
//
//   node tools/k8s/prometheus-rule.mjs     (rewrites platform-alerts.yaml)
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const prometheusDir = join('k8s', 'observability', 'prometheus');
export const RULES_FILE = join(prometheusDir, 'platform-alerts.rules.yml');
export const PROMETHEUS_RULE_FILE = join(prometheusDir, 'platform-alerts.yaml');

const HEADER = `# GENERATED from platform-alerts.rules.yml by \`node tools/k8s/prometheus-rule.mjs\`: edit that
# file, then run the script. The platform's alert rules as a prometheus-operator PrometheusRule;
# without the operator, give Prometheus the rules file itself (rule_files:). See k8s/README.md,
# "Dashboards and alerts".
apiVersion: monitoring.coreos.com/v1
kind: PrometheusRule
metadata:
  name: payout-chat-platform-alerts
  labels:
    app.kubernetes.io/part-of: payout-chat-platform
    app.kubernetes.io/component: observability
spec:
`;

// The PrometheusRule's text for a rules file's text: its YAML (comments included, the file's own
// header left out) indented under `spec:`.
export function prometheusRuleText(rulesText) {
  const body = rulesText.slice(rulesText.search(/^[^#\s]/m));
  return HEADER + body.replace(/^(?=.)/gm, '  ');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
  const text = prometheusRuleText(readFileSync(join(root, RULES_FILE), 'utf8'));
  writeFileSync(join(root, PROMETHEUS_RULE_FILE), text);
  process.stdout.write(`wrote ${PROMETHEUS_RULE_FILE}\n`);
}
