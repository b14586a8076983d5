// chain-watchers' feature folders, bottom layer first (the import zones in eslint.config.mjs): a
// folder may import the core and folders of the layers below its own, never a peer or a layer
// above. The chain adapter folders (stellar, solana, celo) and the generic features meet only in
// the core's ChainAdapters registry, so none imports another.
export default [
  ['deposit-accounts'],
  ['deposits'],
  ['stellar', 'solana', 'celo', 'verify', 'refunds', 'sweeps'],
  // Reads what deposits and sweeps recorded (SQL over their tables), for the books.
  ['ledger'],
];
