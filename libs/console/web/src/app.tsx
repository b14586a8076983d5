import { useCallback, useState } from 'react';
import { usePath } from './layout/router.js';
import { OpsConsole } from './ops/ops-console.js';
import { PartnerConsole } from './partner/partner-console.js';
import { SignInPage } from './session/sign-in-page.js';
import { SESSION_ENDED, type Session } from './session/session.js';

// The session (and with it the key) lives in this component's state only.
export function App() {
  const [session, setSession] = useState<Session | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const path = usePath();
  // Every page's requests fail alike once the key is refused: one sign-out, said once.
  const endSession = useCallback(() => {
    setSession(null);
    setNotice(SESSION_ENDED);
  }, []);
  const signedIn = useCallback((started: Session) => {
    setNotice(null);
    setSession(started);
  }, []);
  if (!session) return <SignInPage notice={notice} onSignedIn={signedIn} onRejected={endSession} />;
  const signOut = () => setSession(null);
  if (session.api.kind === 'ops') return <OpsConsole session={session} path={path} onSignOut={signOut} />;
  return <PartnerConsole session={session} path={path} onSignOut={signOut} />;
}
