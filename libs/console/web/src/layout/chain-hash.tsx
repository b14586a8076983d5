import { useState } from 'react';
import { explorerUrl } from '../api/explorers.js';

// An on-chain hash: a link to its explorer on the real networks; on the sandbox's simulated
// chains (no explorer knows them) the hash as text with a button that copies it.
export function ChainHash(props: { blockchain: string; hash: string; simulated: boolean }) {
  const url = props.simulated ? null : explorerUrl(props.blockchain, props.hash);
  const [copied, setCopied] = useState(false);
  if (url)
    return (
      <a className="mono hash" href={url} target="_blank" rel="noopener noreferrer">
        {props.hash}
        <span className="visually-hidden"> (opens the {props.blockchain} explorer)</span>
      </a>
    );
  const copy = () => void navigator.clipboard.writeText(props.hash).then(() => setCopied(true));
  return (
    <span className="hash">
      <code className="mono">{props.hash}</code>{' '}
      <button type="button" className="copy" onClick={copy}>
        {copied ? 'Copied' : 'Copy'}
        <span className="visually-hidden"> hash</span>
      </button>
    </span>
  );
}
