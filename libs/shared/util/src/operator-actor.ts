const ACTOR = /^[\x20-\x7e]{1,100}$/;

// The operator named by the X-Operator header (printable, ≤ 100 characters), else "ops": the
// shared ops key names nobody, so audit logs record who the caller says it is.
export function actorOf(header: string | undefined): string {
  return header && ACTOR.test(header) ? header : 'ops';
}
