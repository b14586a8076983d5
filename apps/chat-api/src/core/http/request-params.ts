// The parameters of one chat request, as Zulip sees them: form fields of the body (urlencoded
// or multipart) first, then the query string, for every method. A repeated name keeps its
// last value, as Django's QueryDict does. Values stay raw text: typing is the declarations' job.
// The file parts of a multipart body are kept apart (Django's request.FILES): they are not
// parameters, and only the endpoints that take a file read them.
export class RequestParams {
  constructor(
    private readonly body: ReadonlyMap<string, string>,
    private readonly query: ReadonlyMap<string, string>,
    readonly files: readonly RequestFile[] = [],
  ) {}

  static fromEntries(
    body: Iterable<readonly [string, string]>,
    query: Iterable<readonly [string, string]>,
    files: readonly RequestFile[] = [],
  ): RequestParams {
    return new RequestParams(new Map(body), new Map(query), files);
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

// One file part of a multipart body: its field name, the file name and type the client gave
// (untrusted; '' when the part declared no type), and its bytes.
export interface RequestFile {
  readonly field: string;
  readonly fileName: string;
  readonly contentType: string;
  readonly data: Buffer;
}
