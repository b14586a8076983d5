import { useState, type FormEvent } from 'react';
import type { ApiKeyView, IssuedApiKey } from '../api/api-keys.js';
import { ScrollTable } from './scroll-table.js';
import { ShownOnce } from './shown-once.js';
import { Time } from '../format/time-view.js';

// A page of a partner's keys, newest first, each active one with its Revoke button: the partner's
// own key page and the operator's partner page show the same table.
export function ApiKeyTable(props: {
  label: string;
  keys: readonly ApiKeyView[];
  onRevoke: (key: ApiKeyView) => void;
  // What follows a key's prefix, e.g. that this session signed in with it.
  remark?: (key: ApiKeyView) => string;
}) {
  return (
    <ScrollTable
      label={props.label}
      caption="Keys, newest first"
      columns={['Key', 'Name', 'Created', 'Last used', 'State']}
      actions
    >
      {props.keys.map((key) => (
        <tr key={key.keyId}>
          <th scope="row" className="mono">
            {key.displayPrefix}…{props.remark?.(key)}
          </th>
          <td>{key.name ?? '—'}</td>
          <td>
            <Time at={key.createdAt} />
          </td>
          <td>{key.lastUsedAt ? <Time at={key.lastUsedAt} /> : 'never'}</td>
          <td>
            {key.revokedAt ? (
              <span className="badge failed">
                revoked <Time at={key.revokedAt} />
              </span>
            ) : (
              <span className="badge done">active</span>
            )}
          </td>
          <td>
            {!key.revokedAt && (
              <button
                type="button"
                onClick={() => props.onRevoke(key)}
                aria-label={`Revoke ${key.displayPrefix}`}
              >
                Revoke
              </button>
            )}
          </td>
        </tr>
      ))}
    </ScrollTable>
  );
}

// The form that creates a key, with the name it may be given; `action` is the button's words.
export function NewKeyForm(props: { action: string; onCreate: (name: string) => void }) {
  const [name, setName] = useState('');
  function submit(event: FormEvent) {
    event.preventDefault();
    props.onCreate(name);
    setName('');
  }
  return (
    <form className="row" onSubmit={submit} aria-label="New key">
      <div className="field">
        <label htmlFor="new-key-name">Name (optional, e.g. production server)</label>
        <input id="new-key-name" value={name} onChange={(event) => setName(event.target.value)} />
      </div>
      <button type="submit">{props.action}</button>
    </form>
  );
}

// What the last change to the keys left to say: the new key (shown this once) or the refusal.
export function KeyChangeOutcome(props: {
  issued: IssuedApiKey | null;
  onDismiss: () => void;
  failure: string | null;
}) {
  return (
    <>
      {props.issued && (
        <ShownOnce
          label={`New API key ${props.issued.displayPrefix}…`}
          value={props.issued.apiKey}
          onDismiss={props.onDismiss}
        />
      )}
      {props.failure && (
        <p role="alert" className="error">
          {props.failure}
        </p>
      )}
    </>
  );
}
