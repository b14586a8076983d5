// The Node options an app runs with in production: the NODE_OPTIONS of its Kubernetes
// Deployment (k8s/base/apps/<app>/deployment.yaml), as node arguments; none when it sets none.
// The seven apps share one image, so a runtime tuning that suits one app lives in its Deployment.
// Read by the benches (a bench process runs with the options of the app it stands for) and by the
// image check (an option Node refuses fails CI, not the first boot).
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';

export function deploymentNodeFlags(app) {
  const path = new URL(`../../k8s/base/apps/${app}/deployment.yaml`, import.meta.url);
  const deployment = parse(readFileSync(path, 'utf8'));
  const container = deployment.spec.template.spec.containers.find(({ name }) => name === 'app');
  const options = container?.env?.find(({ name }) => name === 'NODE_OPTIONS')?.value ?? '';
  return options.split(/\s+/).filter(Boolean);
}
