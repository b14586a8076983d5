// The public explorer page of a transfer on the real networks (mainnet: the only ones a
// production deployment pays on); null for a chain it does not know.
export function explorerUrl(blockchain: string, hash: string): string | null {
  const encoded = encodeURIComponent(hash);
  switch (blockchain) {
    case 'STELLAR':
      return `https://stellar.expert/explorer/public/tx/${encoded}`;
    case 'SOLANA':
      return `https://explorer.solana.com/tx/${encoded}`;
    case 'CELO':
      return `https://celoscan.io/tx/${encoded}`;
    default:
      return null;
  }
}
