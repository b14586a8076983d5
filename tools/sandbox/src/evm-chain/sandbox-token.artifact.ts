import { readFileSync } from 'node:fs';

// ABI and bytecode of sandbox-token.sol, compiled offline by compile-sandbox-token.mjs.
interface TokenArtifact {
  readonly abi: readonly object[];
  readonly bytecode: string;
}

export const sandboxTokenArtifact = JSON.parse(
  readFileSync(new URL('./sandbox-token.artifact.json', import.meta.url), 'utf8'),
) as TokenArtifact;
