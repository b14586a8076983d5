import { useState } from 'react';

// A value a person pastes elsewhere (a hash, a deposit address, a memo): the text, and a button
// that copies it. `what` finishes the button's name for screen readers ("Copy hash").
export function Copyable({ text, what }: { text: string; what: string }) {
  const [copied, setCopied] = useState(false);
  const copy = () => void navigator.clipboard.writeText(text).then(() => setCopied(true));
  return (
    <span className="hash">
      <code className="mono">{text}</code>{' '}
      <button type="button" className="copy" onClick={copy}>
        {copied ? 'Copied' : 'Copy'}
        <span className="visually-hidden"> {what}</span>
      </button>
    </span>
  );
}
