import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Info, Store } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ApiError, errorMessage } from '@/lib/api';
import { useSignIn, useSignUp } from '@/lib/auth';
import { useCurrentTenant } from '@/lib/tenant';
import { AUTH_TEXT, type SessionResponse } from '@shared/auth';
import { PLATFORM_NAME } from '@shared/platform';
import { AuthForm } from './AuthForm';
import { AuthLayout } from './AuthLayout';
import { TwoStepCodeForm } from './TwoStepCodeForm';
import { afterSignInPath } from './after-sign-in';

/** Storefront spec §8: sign-up says so plainly when the email is already registered. */
function describeSignUpError(error: unknown): string {
  if (error instanceof ApiError && error.status === 409) return AUTH_TEXT.emailTaken;
  return errorMessage(error, AUTH_TEXT.signUpFailed);
}

/**
 * /login: Sign In and Sign Up tabs. Afterwards staff go to /admin and shoppers on a store back to the
 * page they came from (the same-site ?redirect= path), else the store's home page (after-sign-in.ts).
 */
export default function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const signIn = useSignIn();
  const signUp = useSignUp();
  const tenant = useCurrentTenant().data?.tenant ?? null;
  const siteName = tenant?.name ?? PLATFORM_NAME;
  const noTenant = params.get('reason') === 'no-tenant';
  const done = (session: SessionResponse, how: 'sign-in' | 'sign-up') =>
    navigate(afterSignInPath(params.get('redirect'), session, tenant?.id ?? null, how), { replace: true });
  // The password was right and the account signs in in two steps (or a reset link sent them here): the code next.
  const [twoStep, setTwoStep] = useState(params.get('two_step') === '1');

  if (twoStep) {
    return (
      <AuthLayout title="Two-step sign-in" intro={`Signing in to ${siteName}`}>
        <TwoStepCodeForm onSignedIn={(session) => done(session, 'sign-in')} onRestart={() => setTwoStep(false)} />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={siteName} intro="Sign in to continue, or create an account.">
      {noTenant ? (
        <Alert variant="warning">
          <Info aria-hidden />
          <div className="grid gap-3">
            <span>Your account is not linked to any store yet. Ask the store owner to invite you, or sign in with another account.</span>
            {tenant ? null : (
              <Button asChild size="sm" variant="outline" className="justify-self-start">
                <Link to="/start">
                  <Store aria-hidden />
                  Open your own shop
                </Link>
              </Button>
            )}
          </div>
        </Alert>
      ) : null}
      <Tabs defaultValue="sign-in">
        <TabsList className="w-full">
          <TabsTrigger value="sign-in">Sign In</TabsTrigger>
          <TabsTrigger value="sign-up">Sign Up</TabsTrigger>
        </TabsList>
        <TabsContent value="sign-in">
          <AuthForm
            mode="sign-in"
            onSubmit={async (values) => {
              const answer = await signIn.mutateAsync(values);
              if ('two_step_required' in answer) setTwoStep(true);
              else await done(answer, 'sign-in');
            }}
            describeError={(error) => errorMessage(error, AUTH_TEXT.signInFailed)}
          />
        </TabsContent>
        <TabsContent value="sign-up">
          <AuthForm
            mode="sign-up"
            onSubmit={async (values) => { await done(await signUp.mutateAsync(values), 'sign-up'); }}
            describeError={describeSignUpError}
          />
        </TabsContent>
      </Tabs>
    </AuthLayout>
  );
}
