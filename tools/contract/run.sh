#!/usr/bin/env bash
# The payout API's contract run: schemathesis (PyPI, pinned, in a throwaway venv) against the
# gateway's /openapi.json of a standalone `npm start` on a free port, once with a partner API key
# and once without, every check on. Fails on a server error, a response that contradicts its
# schema, an undocumented status code, or any other check's failure (tools/contract/schemathesis.toml
# lists the few rejections the schema cannot express). Bounded: CONTRACT_MAX_TIME seconds per run.
# With CONTRACT_REPORT_DIR, each run's full report is kept there and a passing run prints one line
# (CI: schemathesis's closing banner reads like a test runner's summary of zero tests, which CI
# would take for its own); a failing run always prints its whole report.
set -euo pipefail
cd "$(dirname "$0")/../.."

SCHEMATHESIS_VERSION=4.32.5
MAX_TIME="${CONTRACT_MAX_TIME:-120}"
SEED="${CONTRACT_SEED:-20261126}"
work="$(mktemp -d)"
config="$(pwd)/tools/contract/schemathesis.toml"
standalone=""

log() { echo "[contract] $*" >&2; }
cleanup() {
  if [ -n "$standalone" ]; then kill -TERM -- "-$standalone" 2>/dev/null || true; wait "$standalone" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

log "installing schemathesis $SCHEMATHESIS_VERSION into $work/venv"
python3 -m venv "$work/venv"
"$work/venv/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$SCHEMATHESIS_VERSION"

# A free port below the kernel's ephemeral range: one picked by binding port 0 lies inside it, and
# the kernel may give it to one of the standalone's own outgoing connections before the gateway
# listens on it (CI saw that: EADDRINUSE).
port="$(python3 - <<'PY'
import random, socket
low = int(open('/proc/sys/net/ipv4/ip_local_port_range').read().split()[0])
below = range(max(1024, low - 12000), low)
for candidate in random.sample(below, min(200, len(below))):
    with socket.socket() as probe:
        try:
            probe.bind(('127.0.0.1', candidate))
        except OSError:
            continue
        print(candidate)
        break
PY
)"
[ -n "$port" ] || { log "no free port below the ephemeral range"; exit 1; }
export PORT="$port" DATA_DIR="$work/data"
log "starting the standalone system on port $port (log: $work/standalone.log)"
# Its own process group, so that the build, npm and every app stop together.
# Schemathesis sends thousands of requests with one key, and wrong credentials from one address:
# the gateway's limits are raised far past that (the 429s stay documented, and accepted).
export RATE_LIMIT_DEFAULTS='quotes=1000000/60,transaction_writes=1000000/60,kyc_uploads=1000000/60,keys=1000000/60,reads=1000000/60'
export FAILED_AUTH_LIMIT=1000000
SANDBOX_WEBHOOK_RECEIVER_PORT=0 LOG_LEVEL=warn setsid npm start >"$work/standalone.log" 2>&1 </dev/null &
standalone=$!
base="http://127.0.0.1:$port"
for i in $(seq 1 180); do
  curl -fsS "$base/health/ready" >/dev/null 2>&1 && break
  if ! kill -0 "$standalone" 2>/dev/null || [ "$i" = 180 ]; then
    tail -n 40 "$work/standalone.log" >&2
    log "the standalone system did not start"
    exit 1
  fi
  sleep 1
done

api_key="$(npm run --silent cli -- partner create --name 'Contract run' | tail -n 1 |
  python3 -c 'import json, sys; print(json.load(sys.stdin)["apiKey"])')"

# Both runs at once (each prints when done), to keep the step within a few minutes.
report_dir="${CONTRACT_REPORT_DIR:-}"
[ -z "$report_dir" ] || mkdir -p "$report_dir"
run() {
  local name="$1" output="${report_dir:-$work}/$2.txt"
  shift 2
  local result=0
  # From the work directory: schemathesis keeps its example database in the current one.
  (cd "$work" && "$work/venv/bin/st" --config-file "$config" run "$base/openapi.json" \
    --checks all --max-time "$MAX_TIME" --seed "$SEED" --no-color "$@") >"$output" 2>&1 || result=$?
  if [ "$result" = 0 ] && [ -n "$report_dir" ]; then
    # "Test cases:" is followed by "  N generated, N passed, N skipped".
    local generated
    generated="$(grep -A1 '^Test cases:' "$output" | sed -n 's/^ *\([0-9]*\) generated.*/\1/p')"
    log "schemathesis $name: every check held over $generated generated cases (report: $output)"
  else
    log "schemathesis $name:"
    cat "$output"
  fi
  return "$result"
}
log "schemathesis with a partner API key and without a credential, at most ${MAX_TIME}s each"
run "with a partner API key" with-key --header "X-API-Key: $api_key" &
with_key=$!
run "without a credential" without-key &
without_key=$!
status=0
wait "$with_key" || status=1
wait "$without_key" || status=1
if [ "$status" != 0 ]; then
  log "failed; the standalone system's log:"
  tail -n 60 "$work/standalone.log" >&2
fi
exit "$status"
