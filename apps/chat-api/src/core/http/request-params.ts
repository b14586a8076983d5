// The parameters of one chat request, as Zulip sees them: form fields of the body (urlencoded
// or multipart) first, then the query string, for every method. A repeated name keeps its
// last value, as Django's QueryDict does. Values stay raw text: typing is the declarations' job.
export class RequestParams {
  constructor(
    private readonly body: ReadonlyMap<string, string>,
    private readonly query: ReadonlyMap<string, string>,
  ) {}

  static fromEntries(
    body: Iterable<readonly [string, string]>,
    query: Iterable<readonly [string, string]>,
  ): RequestParams {
    return new RequestParams(new Map(body), new Map(query));
  }

  get(name: string): string | undefined {
    return this.body.get(name) ?? this.query.get(name);
  }

  has(name: string): boolean {
    return this.body.has(name) || this.query.has(name);
  }

  names(): Set<string> {
    return new Set([...this.body.keys(), ...this.query.keys()]);
  }
}
