import { useLoaderData } from 'react-router';
import {
  ConfirmEmailScreen,
  SignInLinkScreen,
} from '../../features/auth/components/link-screens.tsx';
import { RecoverScreen } from '../../features/auth/components/recover-screen.tsx';
import { RegisterScreen } from '../../features/auth/components/register-screen.tsx';
import { ResetScreen } from '../../features/auth/components/reset-screen.tsx';
import { SignInScreen } from '../../features/auth/components/sign-in-screen.tsx';

export function SignInRoute() {
  return <SignInScreen />;
}

export function RegisterRoute() {
  return <RegisterScreen />;
}

export function RecoverRoute() {
  return <RecoverScreen />;
}

export function ResetRoute() {
  const { token } = useLoaderData<{ token: string }>();
  return <ResetScreen token={token} />;
}

export function ConfirmEmailRoute() {
  const { token } = useLoaderData<{ token: string }>();
  return <ConfirmEmailScreen token={token} />;
}

export function SignInLinkRoute() {
  const { token } = useLoaderData<{ token: string }>();
  return <SignInLinkScreen token={token} />;
}
