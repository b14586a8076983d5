import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { CHAT_ROUTE, type ChatMethod, type ChatRouteDefinition } from './chat-route.js';

// The order Zulip's URL table declares an endpoint's methods in.
const METHOD_ORDER: readonly ChatMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

interface PathPattern {
  readonly pattern: RegExp;
  readonly methods: ChatMethod[];
  // The methods whose endpoint takes an uploaded file.
  readonly fileMethods: Set<ChatMethod>;
  // No parameter segment (`users/me`).
  readonly literal: boolean;
}

export type RouteResolution =
  | { readonly kind: 'found'; readonly takesFile: boolean }
  | { readonly kind: 'unknown-path' }
  | { readonly kind: 'wrong-method'; readonly allowed: readonly ChatMethod[] };

// Every chat endpoint, gathered at boot from the @ChatEndpoint declarations, so that the front door can answer an unknown path with 404 and a known path with a
// wrong method with Zulip's 405 and its `allowed_methods` — before authentication, as Zulip's
// rest_dispatch does.
@Injectable()
export class ChatRouteTable implements OnModuleInit {
  private readonly paths = new Map<string, PathPattern>();

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
  ) {}

  onModuleInit(): void {
    for (const wrapper of this.discovery.getControllers()) {
      const controller = wrapper.metatype as (new (...args: never[]) => object) | null;
      if (!controller) continue;
      const prototype = controller.prototype as Record<string, unknown>;
      for (const method of this.scanner.getAllMethodNames(prototype)) {
        const route = this.reflector.get<ChatRouteDefinition | undefined>(
          CHAT_ROUTE,
          prototype[method] as () => unknown,
        );
        if (route) this.add(route);
      }
    }
  }

  // `path` is relative to /api/v1, without the query string.
  resolve(method: string, path: string): RouteResolution {
    const normalized = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
    const allowed = new Set<ChatMethod>();
    const matching = [...this.paths.values()].filter(({ pattern }) => pattern.test(normalized));
    // A literal path is its own endpoint: Zulip declares `users/me` before `users/<email>`, so
    // PATCH /users/me is a wrong method, not an update of a user named "me".
    const literal = matching.filter((path) => path.literal);
    const candidates = literal.length > 0 ? literal : matching;
    for (const { methods } of candidates) for (const candidate of methods) allowed.add(candidate);
    if (allowed.size === 0) return { kind: 'unknown-path' };
    // Express answers HEAD with the GET handler.
    const asked = (method === 'HEAD' ? 'GET' : method) as ChatMethod;
    if (allowed.has(asked))
      return { kind: 'found', takesFile: candidates.some(({ fileMethods }) => fileMethods.has(asked)) };
    return { kind: 'wrong-method', allowed: METHOD_ORDER.filter((candidate) => allowed.has(candidate)) };
  }

  private add({ method, path, takesFile }: ChatRouteDefinition): void {
    const existing = this.paths.get(path);
    if (existing) {
      if (!existing.methods.includes(method)) existing.methods.push(method);
      if (takesFile) existing.fileMethods.add(method);
      return;
    }
    const source = path
      .split('/')
      .map((segment) => (segment.startsWith(':') ? segmentPattern(segment) : escapeRegExp(segment)))
      .join('/');
    this.paths.set(path, {
      pattern: new RegExp(`^/${source}$`),
      methods: [method],
      fileMethods: new Set(takesFile ? [method] : []),
      literal: !path.includes(':'),
    });
  }
}

// Zulip's URL patterns take digits for ids, so `messages/flags` is not `messages/{message_id}`.
function segmentPattern(parameter: string): string {
  return parameter === ':id' || parameter.endsWith('_id') ? '[0-9]+' : '[^/]+';
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
