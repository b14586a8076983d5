#!/usr/bin/env bash
# The web console's browser tests drive Debian's chromium (no browser download). On a fresh
# machine it is installed here, once, the way tools/infra/infra.sh installs its packages; then
# the browser's path is printed.
set -euo pipefail

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

if ! command -v chromium >/dev/null; then
  echo "[console] installing Debian's chromium for the browser tests" >&2
  # Waits for another apt run (a parallel suite, the infra script) instead of failing on its lock.
  as_root apt-get -o DPkg::Lock::Timeout=600 update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq chromium >/dev/null
fi
command -v chromium
