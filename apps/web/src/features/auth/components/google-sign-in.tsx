import { lazy, Suspense } from 'react';
import { usePublicConfig } from '@/lib/public-config';
import { GoogleSignInFrame } from './google-sign-in-frame';
import { SandboxGoogleSignIn } from './sandbox-google-sign-in';

// Google's button and its script loader, only where the server names a client id (decision 062).
const GoogleButton = lazy(() => import('./google-button').then((module) => ({ default: module.GoogleButton })));

/**
 * Google Identity Services button (google-button.tsx). Rendered only when the server names a client
 * id; its code and Google's script are loaded only then, so visitors of a server without Google sign-in never contact Google.
 * Without one, a server outside production offers its sandbox stand-in instead.
 */
export function GoogleSignIn({
  mode,
  onCredential,
}: {
  mode: 'signin' | 'signup';
  /** Instead of signing in: hands the ID token to the caller (the owner confirming it is them). */
  onCredential?: (credential: string) => void;
}) {
  const { googleClientId, googleSandbox } = usePublicConfig();
  if (googleClientId)
    return (
      // Until it arrives, the same empty place Google draws its button into.
      <Suspense
        fallback={
          <GoogleSignInFrame failed={false} reason="">
            <div className="flex min-h-11 w-full justify-center" />
          </GoogleSignInFrame>
        }
      >
        <GoogleButton clientId={googleClientId} mode={mode} onToken={onCredential} />
      </Suspense>
    );
  if (googleSandbox) return <SandboxGoogleSignIn mode={mode} onCredential={onCredential} />;
  return null;
}

