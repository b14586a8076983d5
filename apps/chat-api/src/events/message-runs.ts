// A list of message ids as runs of consecutive ids ([first, last] pairs, in the list's order):
// bulk flag changes name thousands of ids, mostly consecutive, and their events cross the
// outbox, the broker and every replica (ChatEventV1.messageRuns).
export function toMessageRuns(ids: readonly number[]): Array<[number, number]> {
  const runs: Array<[number, number]> = [];
  let run: [number, number] | undefined;
  for (const id of ids) {
    if (run && id === run[1] + 1) run[1] = id;
    else runs.push((run = [id, id]));
  }
  return runs;
}

export function fromMessageRuns(runs: ReadonlyArray<readonly [number, number]>): number[] {
  const ids: number[] = [];
  for (const [first, last] of runs) for (let id = first; id <= last; id += 1) ids.push(id);
  return ids;
}
