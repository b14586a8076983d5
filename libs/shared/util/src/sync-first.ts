// Runs `steps`, a generator that yields each value it may have to wait for, without a promise for
// as long as nothing it yields is one: a yielded plain value is handed straight back. From the
// first promise on, the rest runs as an async function would (a rejection is thrown where it was
// yielded). The answer is the generator's return value, or a promise of it.
//
// Why: on Node 20, each promise runs the AsyncLocalStorage hooks (init, before, after), and a hot
// path whose steps usually answer at once (a cached lookup, a synchronous guard) would pay for an
// async function's promises anyway. Written once as a generator, such a path needs no second,
// synchronous copy.
export function syncFirst<T>(steps: Generator<unknown, T, unknown>): T | Promise<T> {
  let next = steps.next();
  while (!next.done) {
    if (isThenable(next.value)) return resumed(steps, next.value);
    next = steps.next(next.value);
  }
  return next.value;
}

export function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as PromiseLike<unknown> | null)?.then === 'function';
}

async function resumed<T>(steps: Generator<unknown, T, unknown>, pending: PromiseLike<unknown>): Promise<T> {
  let next = await settle(steps, pending);
  while (!next.done) next = isThenable(next.value) ? await settle(steps, next.value) : steps.next(next.value);
  return next.value;
}

function settle<T>(
  steps: Generator<unknown, T, unknown>,
  pending: PromiseLike<unknown>,
): PromiseLike<IteratorResult<unknown, T>> {
  return pending.then(
    (value) => steps.next(value),
    (error: unknown) => steps.throw(error),
  );
}
