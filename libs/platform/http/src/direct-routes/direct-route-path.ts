export type RouteParams = Record<string, string>;

const NO_PARAMS: RouteParams = Object.freeze({});

// A route path as Nest declares it (fixed segments and `:name` parameters), matched the way
// Express's router matches it: a trailing slash is optional and every parameter is one non-empty
// segment, percent-decoded. Only the spelling the route declares is matched here (Express also
// takes the fixed segments in any case); whatever this does not match, Express still answers.
export class DirectRoutePath {
  private readonly segments: readonly string[];

  constructor(readonly path: string) {
    this.segments = segmentsOf(path);
  }

  get isFixed(): boolean {
    return !this.segments.some(isParameter);
  }

  // The route's parameters when `requestPath` (no query string) is this route, else null; also
  // null when a parameter does not decode, which Express refuses in its own words.
  match(requestPath: string): RouteParams | null {
    const trimmed =
      requestPath.length > 1 && requestPath.endsWith('/') ? requestPath.slice(0, -1) : requestPath;
    const given = trimmed.split('/');
    if (given.length !== this.segments.length + 1 || given[0] !== '') return null;
    let params = NO_PARAMS;
    for (let index = 0; index < this.segments.length; index++) {
      const declared = this.segments[index]!;
      const segment = given[index + 1]!;
      if (!isParameter(declared)) {
        if (segment !== declared) return null;
        continue;
      }
      const value = decoded(segment);
      if (value === null) return null;
      if (params === NO_PARAMS) params = {};
      params[declared.slice(1)] = value;
    }
    return params;
  }

  // Whether one request could be routed to both paths (Express compares fixed segments without
  // regard to case; a wildcard takes the rest of the path).
  overlaps(other: string): boolean {
    const theirs = segmentsOf(other);
    const wildcard = theirs.findIndex((segment) => segment.includes('*'));
    const compared = wildcard < 0 ? theirs : theirs.slice(0, wildcard);
    if (wildcard < 0 ? compared.length !== this.segments.length : compared.length > this.segments.length)
      return false;
    return compared.every((segment, index) => {
      const mine = this.segments[index]!;
      return isParameter(mine) || isParameter(segment) || mine.toLowerCase() === segment.toLowerCase();
    });
  }
}

function segmentsOf(path: string): string[] {
  return path.split('/').filter(Boolean);
}

function isParameter(segment: string): boolean {
  return segment.startsWith(':');
}

function decoded(segment: string): string | null {
  if (segment === '') return null;
  if (!segment.includes('%')) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}
