import { useState, type FormEvent } from 'react';
import { signIn, signInFailure, type Session } from './session.js';

export function SignInPage({ onSignedIn }: { onSignedIn: (session: Session) => void }) {
  const [key, setKey] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      onSignedIn(await signIn({ kind: 'partner', key: key.trim() }));
    } catch (failure) {
      setError(signInFailure(failure));
      setBusy(false);
    }
  }

  return (
    <main className="sign-in">
      <h1>Payout console</h1>
      <form onSubmit={submit} aria-describedby="sign-in-note">
        <label htmlFor="api-key">API key</label>
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
