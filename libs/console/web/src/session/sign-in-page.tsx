import { useState, type FormEvent } from 'react';
import type { Credential } from '../api/console-api.js';
import { signIn, signInFailure, type Session } from './session.js';

// Printable ASCII, as the services accept in X-Operator.
const OPERATOR_NAME = '[ -~]{1,100}';

// `notice` says why the person is here again (their session's key stopped working).
export function SignInPage(props: {
  notice: string | null;
  onSignedIn: (session: Session) => void;
  onRejected: () => void;
}) {
  const { notice, onSignedIn, onRejected } = props;
  const [kind, setKind] = useState<Credential['kind']>('partner');
  const [key, setKey] = useState('');
  const [operator, setOperator] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const credential: Credential =
      kind === 'ops' ? { kind, key: key.trim(), operator: operator.trim() } : { kind, key: key.trim() };
    try {
      onSignedIn(await signIn(credential, onRejected));
    } catch (failure) {
      setError(signInFailure(failure));
      setBusy(false);
    }
  }

  return (
    <main className="sign-in">
      <h1>Payout console</h1>
      {notice && (
        <p role="alert" className="error">
          {notice}
        </p>
      )}
      <form onSubmit={submit} aria-describedby="sign-in-note">
        <fieldset>
          <legend>Sign in as</legend>
          <label>
            <input
              type="radio"
              name="kind"
              checked={kind === 'partner'}
              onChange={() => setKind('partner')}
            />
            Partner
          </label>
          <label>
            <input type="radio" name="kind" checked={kind === 'ops'} onChange={() => setKind('ops')} />
            Operator
          </label>
        </fieldset>
        {kind === 'ops' && (
          <>
            <label htmlFor="operator-name">Your name (recorded with every change)</label>
            <input
              id="operator-name"
              required
              pattern={OPERATOR_NAME}
              autoComplete="name"
              value={operator}
              onChange={(event) => setOperator(event.target.value)}
            />
          </>
        )}
        <label htmlFor="api-key">{kind === 'ops' ? 'Ops key' : 'API key'}</label>
        <input
          id="api-key"
          type="password"
          autoComplete="off"
          spellCheck={false}
          required
          value={key}
          onChange={(event) => setKey(event.target.value)}
        />
        {error && (
          <p role="alert" className="error">
            {error}
          </p>
        )}
        <button type="submit" disabled={busy || key.trim() === ''}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
        <p id="sign-in-note" className="note">
          The key stays in this tab&apos;s memory only: reloading or closing the tab signs you out.
        </p>
      </form>
    </main>
  );
}
