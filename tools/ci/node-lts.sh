#!/usr/bin/env bash
# The current Node.js LTS beside the machine's own (package.json's engines: >=20.19): installs
# node@24 from the npm registry into a throwaway folder, then runs the unit suite and the
# standalone start (every app booting in one process, the CLI, a payout per chain) on it.
set -euo pipefail
cd "$(dirname "$0")/../.."
runtime="$(mktemp -d)"
trap 'rm -rf "$runtime"' EXIT
npm install --prefix "$runtime" --no-audit --no-fund --loglevel=error node@24 >/dev/null
export PATH="$runtime/node_modules/.bin:$PATH"
echo "[node-lts] $(node --version)"
jest() { node --experimental-vm-modules node_modules/jest/bin/jest.js "$@"; }
jest --selectProjects unit --silent
jest tools/standalone/test/standalone.e2e-spec.ts tools/standalone/test/payout-flow.e2e-spec.ts --selectProjects e2e
