import type { FeatureErrorPresenter } from './gateway-error.presenter.js';

const FEATURE_ERRORS = 'api-gateway:feature-errors';
// Nest's own key for a module's `imports`.
const MODULE_IMPORTS = 'imports';

// Declares, on a feature's Nest module, how the gateway presents that feature's coded errors;
// the service definition gathers them from the modules the root module imports, so the core's
// presenter never imports a feature.
export function PresentsErrors(present: FeatureErrorPresenter): ClassDecorator {
  return (module) => Reflect.defineMetadata(FEATURE_ERRORS, present, module);
}

// Every error presenter declared by `root` and the modules it imports.
export function featureErrorPresentersOf(root: object): FeatureErrorPresenter[] {
  const presenters: FeatureErrorPresenter[] = [];
  const seen = new Set<object>();
  const visit = (module: object) => {
    if (seen.has(module)) return;
    seen.add(module);
    const present = Reflect.getMetadata(FEATURE_ERRORS, module) as FeatureErrorPresenter | undefined;
    if (present) presenters.push(present);
    for (const imported of (Reflect.getMetadata(MODULE_IMPORTS, module) ?? []) as object[]) visit(imported);
  };
  visit(root);
  return presenters;
}
