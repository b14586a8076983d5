// Reads shared by the messages prepared for one batch (the scheduled-delivery worker sends many
// messages of the same senders to the same conversations): each is made once per memo.
export type PreparationMemo = Map<string, Promise<unknown>>;

// A read made once per memo: later askers share the first one's answer (or refusal).
export function once<T>(memo: PreparationMemo, key: string, read: () => Promise<T>): Promise<T> {
  let pending = memo.get(key) as Promise<T> | undefined;
  if (!pending) memo.set(key, (pending = read()));
  return pending;
}
