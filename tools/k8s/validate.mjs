#!/usr/bin/env node
// Validates the Kubernetes manifests under k8s/ without a cluster.
//
//   node tools/k8s/validate.mjs [--no-render] [--require-render] [k8s-dir]
//
// 1. Files. Every YAML file under k8s/ is parsed (syntax errors, duplicate keys) and given a role
//    by walking the kustomization.yaml files: a resource is checked against the Kubernetes
//    OpenAPI schemas of `kubernetes-models`, a strategic-merge patch the same way except that
//    required fields may be missing, a JSON patch for its shape, a kustomization for known
//    fields. `*.template.yaml` files (e.g. the Secret template) are checked as resources. Any
//    other YAML file that no kustomization uses is reported as dead.
// 2. Strict pass. The library's validators ignore unknown fields (a misspelt `readinessProbe`
//    or `imagePullPolicyy` passes), so each object is validated through a Proxy that records
//    which properties the schema looked at: a property it never read is not in the schema.
//    Objects the schema reads nothing of (free-form maps) are left alone.
// 3. Render pass. When `kubectl` (or `kustomize`) is on PATH, every top-level kustomization (the
//    overlays) is rendered and the output validated the same way, then cross-checked: selectors
//    match pod labels, Services/HPAs/PDBs/Ingresses point at existing objects, referenced
//    ConfigMaps, Secrets (declared in a *.template.yaml) and claims exist, and every workload
//    keeps the platform's baseline (non-root, read-only root filesystem, resources, probes).
//    Without a renderer this pass is skipped with a notice (--require-render makes that fail).
// 4. Observability (./observability.mjs). PrometheusRule, a CRD without a schema here, is checked
//    field by field, with the platform's alert policy and every PromQL expression against the
//    metrics that exist; Grafana dashboards (configMapGenerator files labelled
//    grafana_dashboard, and the rendered ConfigMaps) for their datasource variable, panels and
//    queries. Any other kind without a schema fails (no silent skip).
//
// Exit status: 0 when everything passes, 1 with the list of problems, 2 on bad usage.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';
import { metricInventory, validateDashboard, validatePrometheusRule } from './observability.mjs';
import { prometheusRuleText } from './prometheus-rule.mjs';

const repositoryRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const args = process.argv.slice(2);
const flags = new Set(args.filter((arg) => arg.startsWith('--')));
const unknownFlags = [...flags].filter((flag) => !['--no-render', '--require-render'].includes(flag));
const positional = args.filter((arg) => !arg.startsWith('--'));
if (unknownFlags.length > 0 || positional.length > 1) {
  console.error('Usage: node tools/k8s/validate.mjs [--no-render] [--require-render] [k8s-dir]');
  process.exit(2);
}
const k8sDir = resolve(positional[0] ?? join(repositoryRoot, 'k8s'));
if (!existsSync(k8sDir) || !statSync(k8sDir).isDirectory()) {
  console.error(`Not a directory: ${k8sDir}`);
  process.exit(2);
}

const problems = [];
const report = (where, message) => problems.push({ where, message });
const show = (path) => relative(repositoryRoot, path) || '.';

// ------------------------------------------------------------------------------------ YAML

const isYaml = (name) => name.endsWith('.yaml') || name.endsWith('.yml');
const isKustomization = (name) => ['kustomization.yaml', 'kustomization.yml', 'Kustomization'].includes(name);

function listFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return listFiles(path);
    return isYaml(entry.name) || entry.name === 'Kustomization' ? [path] : [];
  });
}

const parsedFiles = new Map(); // path -> array of plain documents (null entries dropped)
function loadYaml(path, text = readFileSync(path, 'utf8'), where = show(path)) {
  const documents = [];
  for (const document of parseAllDocuments(text, { prettyErrors: true, uniqueKeys: true })) {
    for (const error of document.errors)
      report(where, `YAML: ${error.message.split('\n')[0].replace(/:$/, '')}`);
    if (document.errors.length > 0) continue;
    const value = document.toJS({ maxAliasCount: 100 });
    if (value !== null && value !== undefined) documents.push(value);
  }
  return documents;
}
function documentsOf(path) {
  if (!parsedFiles.has(path)) parsedFiles.set(path, loadYaml(path));
  return parsedFiles.get(path);
}

// ------------------------------------------------------------------- schema validation

const isObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);
const fieldPath = (segments) =>
  segments.reduce(
    (path, segment) =>
      /^\d+$/.test(segment) ? `${path}[${segment}]` : path ? `${path}.${segment}` : segment,
    '',
  );
const label = (doc) => `${doc?.kind ?? '?'}/${doc?.metadata?.name ?? '?'}`;

const modelCache = new Map();
async function modelFor(apiVersion, kind) {
  if (typeof apiVersion !== 'string' || typeof kind !== 'string')
    return { error: 'apiVersion and kind are required' };
  const key = `${apiVersion} ${kind}`;
  if (!modelCache.has(key)) {
    let result = { error: `unknown apiVersion "${apiVersion}"` };
    if (/^([a-z0-9]([a-z0-9.-]*[a-z0-9])?\/)?v\d+((alpha|beta)\d+)?$/.test(apiVersion)) {
      try {
        const module = await import(`kubernetes-models/${apiVersion}`);
        const Model = module[kind];
        result =
          typeof Model === 'function' && Model.kind === kind && Model.apiVersion === apiVersion
            ? { Model }
            : { error: `unknown kind "${kind}" in ${apiVersion}` };
      } catch {
        // not a group/version kubernetes-models knows
      }
    }
    modelCache.set(key, result);
  }
  return modelCache.get(key);
}

// Runs `validate` on a Proxy of `value` that records, per object, the property names the
// validator read. Returns the paths of properties that were never read in objects the
// validator did read from (the others have free-form schemas).
function unknownFields(validate, value, { allowDirectives }) {
  const readKeys = new WeakMap();
  const proxies = new WeakMap();
  const track = (node) => {
    if (node === null || typeof node !== 'object') return node;
    if (!proxies.has(node)) {
      const keys = new Set();
      readKeys.set(node, keys);
      proxies.set(
        node,
        new Proxy(node, {
          get(target, property, receiver) {
            if (typeof property === 'string') keys.add(property);
            return track(Reflect.get(target, property, receiver));
          },
        }),
      );
    }
    return proxies.get(node);
  };
  try {
    validate(track(value));
  } catch {
    // schema errors are reported by the first pass
  }
  const unknown = [];
  const walk = (node, segments) => {
    if (node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach((item, index) => walk(item, [...segments, String(index)]));
    const keys = readKeys.get(node);
    for (const [key, child] of Object.entries(node)) {
      // Strategic-merge-patch directives ($patch, $retainKeys, $setElementOrder/...) in patches.
      if (allowDirectives && key.startsWith('$')) continue;
      if (keys && keys.size > 0 && !keys.has(key)) unknown.push(fieldPath([...segments, key]));
      else walk(child, [...segments, key]);
    }
  };
  walk(value, []);
  return unknown;
}

// Custom resources (CRDs) the platform ships, checked by their own validator.
const CUSTOM_KINDS = {
  'monitoring.coreos.com/v1 PrometheusRule': validatePrometheusRule,
};
let inventory;
const knownMetrics = async () => (inventory ??= await metricInventory(repositoryRoot));

// partial: a strategic-merge patch, which may leave out required fields.
async function validateObject(doc, where, { partial = false } = {}) {
  if (!isObject(doc)) return report(where, 'a document must be a mapping');
  const custom = CUSTOM_KINDS[`${doc.apiVersion} ${doc.kind}`];
  if (custom)
    return custom(doc, await knownMetrics(), (message) => report(where, `${label(doc)}: ${message}`), {
      partial,
    });
  const { Model, error } = await modelFor(doc.apiVersion, doc.kind);
  if (error) return report(where, `${label(doc)}: ${error}`);
  const validate = (data) => Model.prototype.validate.call(data);
  try {
    validate(doc);
  } catch (validationError) {
    for (const problem of validationError.errors ?? [
      { instancePath: '', message: validationError.message },
    ]) {
      if (partial && problem.keyword === 'required') continue;
      const path = fieldPath(problem.instancePath.split('/').filter(Boolean)) || '(document)';
      const allowed = problem.params?.allowedValues ? ` (${problem.params.allowedValues.join(', ')})` : '';
      report(where, `${label(doc)}: ${path} ${problem.message}${allowed}`);
    }
  }
  for (const path of unknownFields(validate, doc, { allowDirectives: partial })) {
    report(where, `${label(doc)}: ${path} is not a field of ${doc.apiVersion} ${doc.kind}`);
  }
  if (!partial && typeof doc.metadata?.name !== 'string')
    report(where, `${label(doc)}: metadata.name is required`);
}

// ---------------------------------------------------------------- kustomization files

const KUSTOMIZATION_FIELDS = new Set([
  'apiVersion',
  'kind',
  'metadata',
  'resources',
  'components',
  'patches',
  'namespace',
  'namePrefix',
  'nameSuffix',
  'labels',
  'commonAnnotations',
  'images',
  'replicas',
  'configMapGenerator',
  'secretGenerator',
  'generatorOptions',
  'replacements',
  'configurations',
  'crds',
  'generators',
  'transformers',
  'validators',
  'openapi',
  'buildMetadata',
  'sortOptions',
  'helmCharts',
  'helmGlobals',
]);
const DEPRECATED_FIELDS = {
  bases: 'resources',
  commonLabels: 'labels',
  patchesStrategicMerge: 'patches',
  patchesJson6902: 'patches',
  vars: 'replacements',
};
const ENTRY_FIELDS = {
  patches: ['path', 'patch', 'target', 'options'],
  images: ['name', 'newName', 'newTag', 'digest', 'tagSuffix'],
  labels: ['pairs', 'includeSelectors', 'includeTemplates', 'fields'],
  configMapGenerator: ['name', 'namespace', 'behavior', 'files', 'literals', 'envs', 'env', 'options'],
  secretGenerator: ['name', 'namespace', 'behavior', 'files', 'literals', 'envs', 'env', 'options', 'type'],
  replicas: ['name', 'count'],
};
const TARGET_FIELDS = [
  'group',
  'version',
  'kind',
  'name',
  'namespace',
  'labelSelector',
  'annotationSelector',
];
const JSON_PATCH_OPS = new Set(['add', 'remove', 'replace', 'move', 'copy', 'test']);

const roles = new Map(); // path -> Set of 'resource' | 'patch' | 'kustomization'
const addRole = (path, role) => roles.set(path, new Set([...(roles.get(path) ?? []), role]));
const kustomizationOf = (dir) =>
  ['kustomization.yaml', 'kustomization.yml', 'Kustomization']
    .map((name) => join(dir, name))
    .find(existsSync);
const referencedDirs = new Set();
const inlinePatches = []; // { where, text }
const dashboardFiles = new Set(); // configMapGenerator files for the Grafana sidecar

function checkFields(object, allowed, where, what) {
  if (!isObject(object)) return report(where, `${what} must be a mapping`);
  for (const key of Object.keys(object))
    if (!allowed.includes(key)) report(where, `${what}: unknown field "${key}"`);
}

function visitKustomization(path) {
  const where = show(path);
  addRole(path, 'kustomization');
  const [kustomization, ...extra] = documentsOf(path);
  if (extra.length > 0) report(where, 'a kustomization file holds exactly one document');
  if (!isObject(kustomization)) return report(where, 'empty or not a mapping');
  const dir = dirname(path);
  const expectedKind = kustomization.kind === 'Component' ? 'Component' : 'Kustomization';
  const expectedVersion =
    expectedKind === 'Component' ? 'kustomize.config.k8s.io/v1alpha1' : 'kustomize.config.k8s.io/v1beta1';
  if (
    kustomization.apiVersion !== expectedVersion ||
    !['Kustomization', 'Component'].includes(kustomization.kind)
  ) {
    report(where, `expected apiVersion ${expectedVersion} and kind Kustomization or Component`);
  }
  for (const key of Object.keys(kustomization)) {
    if (DEPRECATED_FIELDS[key]) report(where, `"${key}" is deprecated: use "${DEPRECATED_FIELDS[key]}"`);
    else if (!KUSTOMIZATION_FIELDS.has(key)) report(where, `unknown field "${key}"`);
  }
  for (const [field, allowed] of Object.entries(ENTRY_FIELDS)) {
    if (kustomization[field] === undefined) continue;
    if (!Array.isArray(kustomization[field])) {
      report(where, `${field} must be a list`);
      continue;
    }
    kustomization[field].forEach((entry, index) => checkFields(entry, allowed, where, `${field}[${index}]`));
  }
  // A local path of the kustomization, or null (reported) when it is not usable.
  const local = (entry, field) => {
    let problem = null;
    if (typeof entry !== 'string') problem = 'entries must be strings';
    else if (/^[a-z]+:\/\/|^github\.com\//.test(entry)) problem = `remote "${entry}" is not allowed`;
    else if (!existsSync(resolve(dir, entry))) problem = `"${entry}" does not exist`;
    if (problem) report(where, `${field}: ${problem}`);
    return problem ? null : resolve(dir, entry);
  };
  for (const field of ['resources', 'components']) {
    for (const entry of kustomization[field] ?? []) {
      const target = local(entry, field);
      if (!target) continue;
      if (statSync(target).isDirectory()) {
        const nested = kustomizationOf(target);
        if (!nested) report(where, `${field}: "${entry}" has no kustomization.yaml`);
        else {
          referencedDirs.add(target);
          if (!roles.get(nested)?.has('kustomization')) visitKustomization(nested);
        }
      } else if (field === 'components') report(where, `components: "${entry}" must be a directory`);
      else addRole(target, 'resource');
    }
  }
  (kustomization.patches ?? []).forEach((patch, index) => {
    if (!isObject(patch)) return;
    if (patch.target !== undefined)
      checkFields(patch.target, TARGET_FIELDS, where, `patches[${index}].target`);
    if ((patch.path === undefined) === (patch.patch === undefined))
      report(where, `patches[${index}]: give exactly one of path and patch`);
    if (patch.path !== undefined) {
      const target = local(patch.path, `patches[${index}].path`);
      if (target) addRole(target, 'patch');
    } else if (typeof patch.patch === 'string')
      inlinePatches.push({ where: `${where} patches[${index}]`, text: patch.patch });
  });
  for (const field of ['configMapGenerator', 'secretGenerator']) {
    for (const generator of kustomization[field] ?? []) {
      const dashboards = field === 'configMapGenerator' && isGrafanaDashboard(generator?.options);
      for (const file of [...(generator?.files ?? []), ...(generator?.envs ?? [])]) {
        const target = local(String(file).split('=').pop(), field);
        if (target && dashboards && (generator.files ?? []).includes(file)) dashboardFiles.add(target);
      }
    }
  }
}

// The Grafana sidecar loads ConfigMaps labelled grafana_dashboard.
const isGrafanaDashboard = (metadata) => metadata?.labels?.grafana_dashboard !== undefined;

async function validateDashboardText(text, where) {
  validateDashboard(text, await knownMetrics(), (message) => report(where, message));
}

async function validatePatch(doc, where) {
  if (Array.isArray(doc)) {
    doc.forEach((operation, index) => {
      const at = `${where} [${index}]`;
      if (!isObject(operation)) return report(at, 'a JSON patch operation must be a mapping');
      checkFields(operation, ['op', 'path', 'value', 'from'], at, 'JSON patch operation');
      if (!JSON_PATCH_OPS.has(operation.op))
        report(at, `op must be one of ${[...JSON_PATCH_OPS].join(', ')}`);
      if (typeof operation.path !== 'string' || !operation.path.startsWith('/'))
        report(at, 'path must start with /');
      if (['add', 'replace', 'test'].includes(operation.op) && !('value' in operation))
        report(at, `${operation.op} needs a value`);
      if (['move', 'copy'].includes(operation.op) && typeof operation.from !== 'string')
        report(at, `${operation.op} needs from`);
    });
  } else {
    await validateObject(doc, where, { partial: true });
  }
}

// ---------------------------------------------------------------------- render pass

function render(dir) {
  for (const [command, commandArgs] of [
    ['kubectl', ['kustomize', dir]],
    ['kustomize', ['build', dir]],
  ]) {
    const result = spawnSync(command, commandArgs, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    if (result.error?.code === 'ENOENT') continue;
    if (result.status !== 0)
      return { error: `${command} failed: ${(result.stderr || String(result.error)).trim()}` };
    return { output: result.stdout, renderer: command };
  }
  return { missing: true };
}

const selects = (selector, labels) =>
  isObject(selector) &&
  Object.keys(selector).length > 0 &&
  Object.entries(selector).every(([key, value]) => labels?.[key] === value);

function crossCheck(docs, where, declaredSecrets) {
  const byKind = (kind) => docs.filter((doc) => doc.kind === kind);
  const named = (kind, name) => byKind(kind).find((doc) => doc.metadata?.name === name);
  const workloads = [...byKind('Deployment'), ...byKind('Job')];
  const podLabels = (workload) => workload.spec?.template?.metadata?.labels ?? {};
  const podSpec = (workload) => workload.spec?.template?.spec ?? {};
  const containersOf = (workload) => [
    ...(podSpec(workload).initContainers ?? []),
    ...(podSpec(workload).containers ?? []),
  ];
  const portNames = (workload) =>
    new Set(containersOf(workload).flatMap((c) => (c.ports ?? []).map((p) => p.name)));

  for (const deployment of byKind('Deployment')) {
    const at = `${where} ${label(deployment)}`;
    if (!selects(deployment.spec?.selector?.matchLabels, podLabels(deployment)))
      report(at, 'spec.selector.matchLabels must match the pod template labels');
    if (
      deployment.spec?.replicas !== undefined &&
      byKind('HorizontalPodAutoscaler').some(
        (hpa) => hpa.spec?.scaleTargetRef?.name === deployment.metadata.name,
      )
    ) {
      report(at, 'spec.replicas is set although an HPA owns the replica count');
    }
    for (const container of podSpec(deployment).containers ?? []) {
      if (!container.readinessProbe || !container.livenessProbe)
        report(at, `container ${container.name} needs readiness and liveness probes`);
      for (const probe of ['startupProbe', 'readinessProbe', 'livenessProbe']) {
        const port = container[probe]?.httpGet?.port;
        if (typeof port === 'string' && !portNames(deployment).has(port))
          report(at, `${probe} uses unknown port name "${port}"`);
      }
    }
  }
  for (const workload of workloads) {
    const at = `${where} ${label(workload)}`;
    const pod = podSpec(workload);
    if (pod.securityContext?.runAsNonRoot !== true)
      report(at, 'spec.template.spec.securityContext.runAsNonRoot must be true');
    for (const container of containersOf(workload)) {
      const c = `container ${container.name}`;
      if (container.securityContext?.readOnlyRootFilesystem !== true)
        report(at, `${c}: securityContext.readOnlyRootFilesystem must be true`);
      if (container.securityContext?.allowPrivilegeEscalation !== false)
        report(at, `${c}: securityContext.allowPrivilegeEscalation must be false`);
      for (const kind of ['requests', 'limits']) {
        for (const resource of ['cpu', 'memory']) {
          if (container.resources?.[kind]?.[resource] === undefined)
            report(at, `${c}: resources.${kind}.${resource} is missing`);
        }
      }
      for (const source of container.envFrom ?? []) {
        if (source.configMapRef && !named('ConfigMap', source.configMapRef.name))
          report(at, `${c}: ConfigMap "${source.configMapRef.name}" is not defined`);
        if (
          source.secretRef &&
          !named('Secret', source.secretRef.name) &&
          !declaredSecrets.has(source.secretRef.name)
        ) {
          report(
            at,
            `${c}: Secret "${source.secretRef.name}" is neither rendered nor declared in a *.template.yaml`,
          );
        }
      }
      const volumes = new Set((pod.volumes ?? []).map((volume) => volume.name));
      for (const mount of container.volumeMounts ?? [])
        if (!volumes.has(mount.name)) report(at, `${c}: volumeMount "${mount.name}" has no volume`);
    }
    for (const volume of pod.volumes ?? []) {
      const claim = volume.persistentVolumeClaim?.claimName;
      if (claim && !named('PersistentVolumeClaim', claim))
        report(at, `volume ${volume.name}: PersistentVolumeClaim "${claim}" is not defined`);
    }
  }
  for (const service of byKind('Service')) {
    const at = `${where} ${label(service)}`;
    const targets = byKind('Deployment').filter((deployment) =>
      selects(service.spec?.selector, podLabels(deployment)),
    );
    if (targets.length === 0) {
      report(at, 'spec.selector matches no Deployment pod template');
      continue;
    }
    for (const port of service.spec?.ports ?? []) {
      if (
        typeof port.targetPort === 'string' &&
        !targets.every((target) => portNames(target).has(port.targetPort))
      ) {
        report(at, `targetPort "${port.targetPort}" is not a container port name of the selected pods`);
      }
    }
  }
  for (const hpa of byKind('HorizontalPodAutoscaler')) {
    const ref = hpa.spec?.scaleTargetRef ?? {};
    if (!named(ref.kind, ref.name))
      report(`${where} ${label(hpa)}`, `scaleTargetRef ${ref.kind}/${ref.name} is not defined`);
    if (hpa.spec?.minReplicas > hpa.spec?.maxReplicas)
      report(`${where} ${label(hpa)}`, 'minReplicas exceeds maxReplicas');
  }
  for (const pdb of byKind('PodDisruptionBudget')) {
    if (pdb.spec?.minAvailable !== undefined && pdb.spec?.maxUnavailable !== undefined) {
      report(`${where} ${label(pdb)}`, 'set only one of minAvailable and maxUnavailable');
    }
    if (
      !byKind('Deployment').some((deployment) =>
        selects(pdb.spec?.selector?.matchLabels, podLabels(deployment)),
      )
    ) {
      report(`${where} ${label(pdb)}`, 'spec.selector matches no Deployment pod template');
    }
  }
  for (const ingress of byKind('Ingress')) {
    for (const rule of ingress.spec?.rules ?? []) {
      for (const path of rule.http?.paths ?? []) {
        const backend = path.backend?.service;
        const service = backend && named('Service', backend.name);
        if (!service)
          report(`${where} ${label(ingress)}`, `backend Service "${backend?.name}" is not defined`);
        else if (
          !(service.spec?.ports ?? []).some(
            (port) => port.name === backend.port?.name || port.port === backend.port?.number,
          )
        ) {
          report(
            `${where} ${label(ingress)}`,
            `Service "${backend.name}" has no port ${backend.port?.name ?? backend.port?.number}`,
          );
        }
      }
    }
  }
}

// ---------------------------------------------------------------------------- main

const files = listFiles(k8sDir);
const kustomizations = files.filter((path) => isKustomization(basename(path)));
if (kustomizations.length === 0) report(show(k8sDir), 'no kustomization.yaml found');
for (const path of kustomizations) if (!roles.get(path)?.has('kustomization')) visitKustomization(path);

const declaredSecrets = new Set();
let documentCount = 0;
for (const path of files) {
  const where = show(path);
  const fileRoles = roles.get(path) ?? new Set();
  const docs = fileRoles.has('kustomization') ? [] : documentsOf(path);
  documentCount += fileRoles.has('kustomization') ? 1 : docs.length;
  if (basename(path).includes('.template.')) {
    for (const doc of docs) {
      await validateObject(doc, where);
      if (doc?.kind === 'Secret') declaredSecrets.add(doc.metadata?.name);
    }
  } else if (path.endsWith('.rules.yml')) {
    // A plain Prometheus rules file: the source of the PrometheusRule beside it.
    const generated = path.replace(/\.rules\.yml$/, '.yaml');
    if (
      !existsSync(generated) ||
      readFileSync(generated, 'utf8') !== prometheusRuleText(readFileSync(path, 'utf8'))
    )
      report(where, `${show(generated)} is not generated from it: run node tools/k8s/prometheus-rule.mjs`);
  } else if (fileRoles.size === 0) {
    report(
      where,
      'not used by any kustomization.yaml (dead file? name it *.template.yaml if it is a template)',
    );
  }
  if (fileRoles.has('resource')) for (const doc of docs) await validateObject(doc, where);
  if (fileRoles.has('patch')) {
    if (docs.length !== 1) report(where, 'a patch file holds exactly one document');
    for (const doc of docs) await validatePatch(doc, where);
  }
}
for (const { where, text } of inlinePatches)
  for (const doc of loadYaml(null, text, where)) await validatePatch(doc, where);
for (const path of dashboardFiles)
  await validateDashboardText(readFileSync(path, 'utf8'), `${show(path)} dashboard`);

let renderedCount = 0;
let renderNote = 'render pass skipped (--no-render)';
if (!flags.has('--no-render')) {
  const entryPoints = kustomizations.map(dirname).filter((dir) => !referencedDirs.has(dir));
  renderNote = `rendered ${entryPoints.map(show).join(', ')}`;
  for (const dir of entryPoints) {
    const where = `${show(dir)} (rendered)`;
    const result = render(dir);
    if (result.missing) {
      renderNote = 'render pass skipped: neither kubectl nor kustomize is on PATH';
      if (flags.has('--require-render')) report(show(k8sDir), `${renderNote} (--require-render)`);
      break;
    }
    if (result.error) {
      report(where, result.error);
      continue;
    }
    if (!renderNote.includes(' with ')) renderNote += ` with ${result.renderer}`;
    const docs = loadYaml(null, result.output, where);
    renderedCount += docs.length;
    for (const doc of docs) await validateObject(doc, where);
    for (const doc of docs.filter((doc) => doc.kind === 'ConfigMap' && isGrafanaDashboard(doc.metadata)))
      for (const [key, text] of Object.entries(doc.data ?? {}))
        await validateDashboardText(String(text), `${where} ${label(doc)} ${key}`);
    crossCheck(docs, where, declaredSecrets);
  }
}

if (problems.length > 0) {
  const byPlace = new Map();
  for (const { where, message } of problems) byPlace.set(where, [...(byPlace.get(where) ?? []), message]);
  console.error(`k8s validation FAILED: ${problems.length} problem(s)\n`);
  for (const [where, messages] of byPlace) {
    console.error(where);
    for (const message of messages) console.error(`  - ${message}`);
  }
  console.error(`\n${renderNote}`);
  process.exit(1);
}
console.log(
  `k8s validation passed: ${files.length} files, ${documentCount} documents, ${renderedCount} rendered objects checked; ${renderNote}`,
);
