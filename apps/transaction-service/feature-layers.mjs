// transaction-service's feature folders, bottom layer first (the import zones in eslint.config.mjs):
// a folder may import the core and folders of the layers below its own, never a peer or a layer
// above (README, "Structure").
export default [
  ['qr-codes', 'idempotency', 'deposit-addresses', 'kyc-gate', 'daily-caps', 'partner-kyb', 'deposits'],
  ['recipients'],
  ['transactions'],
  ['refunds'],
  ['payouts'],
  ['funding'],
  [
    'reconciliation',
    'expiry',
    'timeline',
    'ledger',
    'held-deposits',
    'rail-liquidity',
    'transaction-reports',
  ],
];
