#!/usr/bin/env python3
"""Strict offline schema pass with kubernetes-validate (run by tools/k8s/strict-validate.sh).

    strict_validate.py --kubernetes-version 1.32.0 --file LABEL PATH [--file LABEL PATH ...]

Every object of every (multi-document) YAML file is validated in strict mode, unknown fields
rejected, against the JSON schemas kubernetes-validate ships for that Kubernetes version. The
custom resources listed in CHECKED_ELSEWHERE have no schema there: they are skipped with a line
naming what checks them. Any other kind without a schema fails: nothing is skipped silently.
Exit status: 0 when every object passes, 1 otherwise, 2 on bad usage or an unsupported version.
"""
import argparse
import sys

import kubernetes_validate
import yaml
from kubernetes_validate import InvalidSchemaError, SchemaNotFoundError, ValidationError
from kubernetes_validate.utils import all_versions

CHECKED_ELSEWHERE = {
    ("monitoring.coreos.com/v1", "PrometheusRule"):
        "tools/k8s/validate.mjs (tools/k8s/observability.mjs: fields, alert policy, PromQL metrics)",
}


def value_as_string(loader, node):
    # kustomize writes "=" values that PyYAML reads as its 'value' tag.
    return loader.construct_scalar(node)


yaml.SafeLoader.add_constructor("tag:yaml.org,2002:value", value_as_string)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--kubernetes-version", required=True)
    parser.add_argument("--file", nargs=2, action="append", metavar=("LABEL", "PATH"), required=True)
    args = parser.parse_args()
    major_minor = lambda version: tuple(int(part) for part in version.lstrip("v").split(".")[:2])
    shipped = sorted({major_minor(version) for version in all_versions()})
    if major_minor(args.kubernetes_version) not in shipped:
        print("kubernetes-validate %s has no schemas for Kubernetes %s (it has %s to %s)"
              % (kubernetes_validate.__version__, args.kubernetes_version,
                 "%d.%d" % shipped[0], "%d.%d" % shipped[-1]))
        return 2

    passed, skipped, failed = 0, 0, 0
    for label, path in args.file:
        with open(path, encoding="utf-8") as stream:
            documents = [doc for doc in yaml.safe_load_all(stream) if doc]
        for doc in documents:
            api_version, kind = doc.get("apiVersion"), doc.get("kind")
            what = "%s: %s/%s" % (label, kind, (doc.get("metadata") or {}).get("name"))
            checker = CHECKED_ELSEWHERE.get((api_version, kind))
            if checker:
                print("ELSEWHERE %s (%s): no schema in kubernetes-validate; checked by %s" % (what, api_version, checker))
                skipped += 1
                continue
            try:
                kubernetes_validate.validate(doc, args.kubernetes_version, strict=True)
                passed += 1
            except ValidationError as error:
                field = ".".join(str(part) for part in error.path) or "(document)"
                print("ERROR %s: %s: %s" % (what, field, error.message))
                failed += 1
            except (SchemaNotFoundError, InvalidSchemaError) as error:
                print("ERROR %s: %s (a kind without a schema must be listed in CHECKED_ELSEWHERE "
                      "of tools/k8s/strict_validate.py with what checks it)" % (what, error.message))
                failed += 1

    print("kubernetes-validate %s, strict, Kubernetes %s: %d objects valid, %d left to other checks, %d invalid"
          % (kubernetes_validate.__version__, args.kubernetes_version, passed, skipped, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
