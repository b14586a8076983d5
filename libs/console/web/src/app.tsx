import { useState } from 'react';
import { usePath } from './layout/router.js';
import { OpsConsole } from './ops/ops-console.js';
import { PartnerConsole } from './partner/partner-console.js';
import { SignInPage } from './session/sign-in-page.js';
import type { Session } from './session/session.js';

// The session (and with it the key) lives in this component's state only.
export function App() {
  const [session, setSession] = useState<Session | null>(null);
  const path = usePath();
  if (!session) return <SignInPage onSignedIn={setSession} />;
  const signOut = () => setSession(null);
  if (session.api.kind === 'ops') return <OpsConsole session={session} path={path} onSignOut={signOut} />;
  return <PartnerConsole session={session} path={path} onSignOut={signOut} />;
}
