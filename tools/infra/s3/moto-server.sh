#!/usr/bin/env bash
# An S3-speaking server for tests: moto's standalone server (PyPI, pinned), installed once into
# a throwaway venv under the infra cache, then run in the foreground on 127.0.0.1:<port> until
# it is stopped. Nothing is kept but the venv: every start has empty buckets.
#
#   bash tools/infra/s3/moto-server.sh <port>
set -euo pipefail

MOTO_VERSION="${MOTO_VERSION:-5.2.6}"
PORT="${1:?usage: moto-server.sh <port>}"
VENV="${INFRA_HOME:-$HOME/.cache/platform-infra}/moto-$MOTO_VERSION"

if [ ! -x "$VENV/bin/moto_server" ]; then
  echo "[s3] installing moto[server] $MOTO_VERSION into $VENV" >&2
  rm -rf "$VENV"
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install --quiet --disable-pip-version-check "moto[server]==$MOTO_VERSION"
fi
exec "$VENV/bin/moto_server" -H 127.0.0.1 -p "$PORT"
