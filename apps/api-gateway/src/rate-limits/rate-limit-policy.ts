import { ROUTE_CLASSES, type RouteClass } from './route-class.js';

// At most `limit` requests of a class per window of `windowSeconds`, the windows aligned on the
// epoch so every replica agrees where one starts.
export interface RateLimitPolicy {
  readonly limit: number;
  readonly windowSeconds: number;
}

export type RateLimitPolicies = Readonly<Record<RouteClass, RateLimitPolicy>>;

export const MAX_LIMIT = 1_000_000;
export const MAX_WINDOW_SECONDS = 86_400;

// What a partner gets unless an operator set otherwise (README, "Rate limits"): enough for a
// busy integration's steady traffic, well under what one gateway replica serves.
export const BUILT_IN_POLICIES: RateLimitPolicies = {
  quotes: { limit: 300, windowSeconds: 60 },
  transaction_writes: { limit: 120, windowSeconds: 60 },
  kyc_uploads: { limit: 30, windowSeconds: 60 },
  keys: { limit: 10, windowSeconds: 60 },
  reads: { limit: 600, windowSeconds: 60 },
};

// RATE_LIMIT_DEFAULTS: `class=limit/seconds` entries separated by commas, e.g.
// `quotes=1000/60,reads=5000/60`; a class not named keeps its built-in default.
export const POLICY_LIST_PATTERN = new RegExp(
  `^\\s*(?:(?:${ROUTE_CLASSES.join('|')})=\\d{1,7}/\\d{1,5}\\s*(?:,\\s*|$))*$`,
);

export function policiesFrom(list: string | undefined): RateLimitPolicies {
  const policies: Record<RouteClass, RateLimitPolicy> = { ...BUILT_IN_POLICIES };
  for (const entry of (list ?? '').split(',')) {
    const match = /^\s*([a-z_]+)=(\d+)\/(\d+)\s*$/.exec(entry);
    if (!match) continue;
    const [, routeClass, limit, windowSeconds] = match;
    policies[routeClass as RouteClass] = { limit: Number(limit), windowSeconds: Number(windowSeconds) };
  }
  return policies;
}
