#!/usr/bin/env bash
# Prometheus' own parser on the platform's alert rules: `promtool check rules` on the plain rules
# file the PrometheusRule is generated from. On a fresh machine Debian's prometheus package (which
# ships promtool) is installed here, once, the way tools/infra/infra.sh installs its packages.
set -euo pipefail
cd "$(dirname "$0")/../.."

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

if ! command -v promtool >/dev/null; then
  echo "[promtool] installing Debian's prometheus for promtool" >&2
  # Waits for another apt run (the infra script, the browser install) instead of failing on its lock.
  as_root apt-get -o DPkg::Lock::Timeout=600 update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends prometheus >/dev/null
fi
promtool check rules k8s/observability/prometheus/platform-alerts.rules.yml
