#!/usr/bin/env bash
# Strict offline schema pass over what gets applied: every overlay under k8s/overlays rendered
# (kubectl kustomize, or kustomize build) and every *.template.yaml, validated by
# kubernetes-validate (PyPI, pinned, in a throwaway venv; it ships the Kubernetes JSON schemas,
# so nothing is fetched but the package) in strict mode: an unknown field fails. CRDs it has no
# schema for are skipped by name with what checks them instead (tools/k8s/strict_validate.py);
# any other kind without a schema fails. Complements tools/k8s/validate.mjs (kubernetes-models,
# cross-checks, CRDs, dashboards).
#
#   bash tools/k8s/strict-validate.sh [--require-render]
#
# KUBERNETES_VERSION: the Kubernetes the manifests target (default 1.32.0; kubernetes-validate
# 1.37.0 has schemas for 1.25 to 1.37). Without kubectl or kustomize the pass is skipped with a
# notice, or fails with --require-render.
set -euo pipefail
cd "$(dirname "$0")/../.."

KUBERNETES_VALIDATE_VERSION=1.37.0
KUBERNETES_VERSION="${KUBERNETES_VERSION:-1.32.0}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
log() { echo "[k8s strict] $*" >&2; }

if command -v kubectl >/dev/null 2>&1; then
  render() { kubectl kustomize "$1"; }
elif command -v kustomize >/dev/null 2>&1; then
  render() { kustomize build "$1"; }
else
  log "SKIPPED: neither kubectl nor kustomize is on PATH, nothing to render"
  [ "${1:-}" = --require-render ] && exit 1
  exit 0
fi

files=()
for overlay in k8s/overlays/*/; do
  overlay="${overlay%/}"
  render "$overlay" >"$work/$(basename "$overlay").yaml"
  files+=(--file "$overlay (rendered)" "$work/$(basename "$overlay").yaml")
done
while IFS= read -r template; do
  files+=(--file "$template" "$template")
done < <(find k8s -name '*.template.yaml' | sort)

log "installing kubernetes-validate $KUBERNETES_VALIDATE_VERSION into $work/venv"
# A venv without its own pip (ensurepip alone takes seconds), filled by the interpreter's pip.
python3 -m venv --without-pip "$work/venv"
python3 -m pip --python "$work/venv/bin/python" install --quiet --disable-pip-version-check --no-compile \
  "kubernetes-validate==$KUBERNETES_VALIDATE_VERSION"
"$work/venv/bin/python" tools/k8s/strict_validate.py --kubernetes-version "$KUBERNETES_VERSION" "${files[@]}"
