import { IsInt, IsOptional, Max, Min, ValidateBy } from 'class-validator';
import { MAX_LIMIT, MAX_WINDOW_SECONDS, POLICY_LIST_PATTERN, policiesFrom } from './rate-limit-policy.js';
import { ROUTE_CLASSES } from './route-class.js';

// `class=limit/seconds,…` with every limit 1…MAX_LIMIT and every window 1…MAX_WINDOW_SECONDS.
const IsPolicyList = () =>
  ValidateBy({
    name: 'isPolicyList',
    validator: {
      validate: (value: unknown) =>
        typeof value === 'string' &&
        POLICY_LIST_PATTERN.test(value) &&
        Object.values(policiesFrom(value)).every(
          ({ limit, windowSeconds }) =>
            limit >= 1 && limit <= MAX_LIMIT && windowSeconds >= 1 && windowSeconds <= MAX_WINDOW_SECONDS,
        ),
      defaultMessage: () =>
        `RATE_LIMIT_DEFAULTS must be class=limit/seconds entries separated by commas (classes: ${ROUTE_CLASSES.join(', ')}; limit 1–${MAX_LIMIT}, seconds 1–${MAX_WINDOW_SECONDS})`,
    },
  });

export class RateLimitsConfig {
  // Overrides the built-in default of the classes it names (README, "Rate limits").
  @IsOptional()
  @IsPolicyList()
  RATE_LIMIT_DEFAULTS?: string;

  // How often each replica adds its counts to the shared ones and reads the others' back: the
  // overshoot across replicas is what the others admit in one interval.
  @IsInt()
  @Min(20)
  @Max(5_000)
  RATE_LIMIT_SYNC_MS: number = 200;

  // How soon an operator's change to a partner's limits reaches every replica.
  @IsInt()
  @Min(100)
  RATE_LIMIT_OVERRIDES_REFRESH_MS: number = 2_000;

  // Requests with a wrong credential one client address may send per window before its
  // credentialed requests are refused unchecked (429) until the window ends.
  @IsInt()
  @Min(1)
  @Max(MAX_LIMIT)
  FAILED_AUTH_LIMIT: number = 20;

  @IsInt()
  @Min(1)
  @Max(MAX_WINDOW_SECONDS)
  FAILED_AUTH_WINDOW_SECONDS: number = 60;

  // How many proxies in front of the gateway append to X-Forwarded-For (the ingress: 1). The
  // client address is the one that many hops from the right; 0 trusts no header and takes the
  // socket's peer, as Express does by default.
  @IsInt()
  @Min(0)
  @Max(10)
  TRUSTED_PROXY_HOPS: number = 0;
}
