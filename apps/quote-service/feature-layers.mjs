// quote-service's feature folders, bottom layer first (the import zones in eslint.config.mjs): a
// folder may import the core and folders of the layers below its own, never a peer or a layer
// above (README, "How the code is laid out").
export default [
  ['corridors', 'pricing', 'rail-caps', 'rail-liquidity'],
  ['quotes', 'corridor-administration'],
];
