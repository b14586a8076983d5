import { explorerUrl } from '../api/explorers.js';
import { Copyable } from './copyable.js';

// An on-chain hash: a link to its explorer on the real networks; on the sandbox's simulated
// chains (no explorer knows them) the hash as text with a button that copies it.
export function ChainHash(props: { blockchain: string; hash: string; simulated: boolean }) {
  const url = props.simulated ? null : explorerUrl(props.blockchain, props.hash);
  if (!url) return <Copyable text={props.hash} what="hash" />;
  return (
    <a className="mono hash" href={url} target="_blank" rel="noopener noreferrer">
      {props.hash}
      <span className="visually-hidden"> (opens the {props.blockchain} explorer)</span>
    </a>
  );
}
