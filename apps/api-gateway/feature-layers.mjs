// api-gateway's feature folders, bottom layer first (the import zones in eslint.config.mjs): a
// folder may import the core and folders of the layers below its own, never a peer or a layer
// above (README, "Structure").
export default [
  ['partners', 'wallet-auth', 'sandbox-payments', 'console'],
  ['rate-limits'],
  ['authentication', 'disabled-users'],
  ['proxy'],
  ['docs'],
];
