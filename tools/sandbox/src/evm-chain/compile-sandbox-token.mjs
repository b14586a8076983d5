// Compiles sandbox-token.sol with the solc npm package (offline, no compiler download) and
// writes the ABI and bytecode the EVM simulator deploys. Run after editing the contract:
//   node tools/sandbox/src/evm-chain/compile-sandbox-token.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import solc from 'solc';

const source = readFileSync(new URL('./sandbox-token.sol', import.meta.url), 'utf8');
const input = {
  language: 'Solidity',
  sources: { 'sandbox-token.sol': { content: source } },
  settings: {
    optimizer: { enabled: true, runs: 200 },
    outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
  },
};
const output = JSON.parse(solc.compile(JSON.stringify(input)));
const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
const contract = output.contracts['sandbox-token.sol'].SandboxToken;
const artifact = {
  compiler: solc.version(),
  abi: contract.abi,
  bytecode: `0x${contract.evm.bytecode.object}`,
};
writeFileSync(
  new URL('./sandbox-token.artifact.json', import.meta.url),
  `${JSON.stringify(artifact, null, 2)}\n`,
);
