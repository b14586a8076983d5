import { MethodNotAllowedException, NotFoundException } from '@nestjs/common';

interface RouteLayer {
  readonly route?: { readonly methods: Readonly<Record<string, boolean>> };
  match(path: string): boolean;
}

// The methods the app's routes answer at a path (HEAD wherever GET is); empty when no route has it.
export type RouteMethods = (path: string) => readonly string[];

// Read from Express's own route table at the time of asking, with Express's own matching, so it
// always agrees with the router that just failed to find the route.
export function routeMethodsOf(express: unknown): RouteMethods {
  const router = () => (express as { router: { stack: readonly RouteLayer[] } }).router;
  return (path) => {
    const methods = new Set<string>();
    for (const layer of router().stack) {
      if (!layer.route || !layer.match(path)) continue;
      for (const [method, handled] of Object.entries(layer.route.methods)) {
        if (handled && method !== '_all') methods.add(method.toUpperCase());
      }
    }
    if (methods.has('GET')) methods.add('HEAD');
    return [...methods].sort();
  };
}

export interface MethodNotAllowed {
  readonly error: MethodNotAllowedException;
  readonly allow: string;
}

// Nest answers a known path asked with a method it does not have as an unknown route (404); the
// truth is a 405 that names the methods the path has (RFC 9110 §15.5.6).
export function methodNotAllowed(
  error: unknown,
  method: string,
  path: string,
  methodsAt: RouteMethods,
): MethodNotAllowed | null {
  if (!(error instanceof NotFoundException)) return null;
  const allowed = methodsAt(path);
  if (allowed.length === 0 || allowed.includes(method)) return null;
  const allow = allowed.join(', ');
  return {
    error: new MethodNotAllowedException(`${method} is not allowed on ${path} (allowed: ${allow})`),
    allow,
  };
}
