import { SignInRequestSchema, type SignInRequest } from '@uniquair/contract/users';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { Screen, screenStyles } from '../../../components/layouts/screen.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { paths, REDIRECT_PARAM, safeReturnTarget } from '../../../config/paths.ts';
import { isApiError } from '../../../lib/api-client.ts';
import {
  ApiFormFrame,
  EmailField,
  FormTextField,
  problemOf,
  useApiForm,
} from '../../../lib/api-form.tsx';
import { useCurrentUser } from '../api/get-current-user.ts';
import { requestLoginLink } from '../api/request-login-link.ts';
import { signIn } from '../api/sign-in.ts';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in.ts';
import { useEmailLinkForm } from '../hooks/use-email-link-form.ts';

/** Where the sign-in page was sent from after a password reset (router state). */
export interface SignInNotice {
  readonly notice?: 'passwordReset';
}

function LinkRequestForm() {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const { api, sent } = useEmailLinkForm(requestLoginLink);
  return (
    <section className={screenStyles.form} aria-labelledby="link-request-heading">
      <h2 id="link-request-heading">{intl.formatMessage({ id: 'auth.linkRequestTitle' })}</h2>
      <p>{intl.formatMessage({ id: 'auth.linkRequestIntro' })}</p>
      {!open ? (
        <div>
          <Button variant="secondary" aria-expanded={false} onClick={() => setOpen(true)}>
            {intl.formatMessage({ id: 'auth.linkRequestSubmit' })}
          </Button>
        </div>
      ) : sent ? (
        <p role="status">{intl.formatMessage({ id: 'auth.linkRequestSent' })}</p>
      ) : (
        <ApiFormFrame api={api} submit="auth.linkRequestSubmit" submitVariant="secondary">
          <EmailField form={api.form} autoFocus />
        </ApiFormFrame>
      )}
    </section>
  );
}

/**
 * `/signin` (SPEC §2, §4): e-mail and password, or a sign-in link by e-mail. A visitor who is (or
 * becomes) signed in goes on to the page the auth gate remembered (`?redirectTo=`), else home.
 * Wrong credentials read 'Incorrect email or password'; other failures 'Sign-In failed', or
 * 'Unable to connect to server, please try again later' when the server cannot be reached.
 */
export function SignInScreen() {
  const intl = useIntl();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const target = safeReturnTarget(searchParams.get(REDIRECT_PARAM));
  const current = useCurrentUser();
  const completeSignIn = useCompleteSignIn();
  const api = useApiForm<SignInRequest, SignInRequest>({
    schema: SignInRequestSchema,
    defaultValues: { email: '', password: '' },
    send: async (values) => {
      const answer = await signIn(values);
      if (!answer.isLogged) throw new Error('Not signed in');
      await completeSignIn(answer, target);
    },
    problem: (error) =>
      isApiError(error) && error.code === 'EMAIL_NOT_CONFIRMED'
        ? 'auth.notConfirmed'
        : problemOf(error, 'auth.signInFailed', { 401: 'auth.incorrect' }),
  });
  const notice = (location.state as SignInNotice | null)?.notice;

  if (current.isLogged && !api.form.formState.isSubmitting) return <Navigate to={target} replace />;
  return (
    <Screen title={intl.formatMessage({ id: 'nav.signIn' })}>
      {notice === 'passwordReset' ? (
        <p role="status">{intl.formatMessage({ id: 'auth.resetDone' })}</p>
      ) : null}
      <ApiFormFrame api={api} submit="nav.signIn">
        <EmailField form={api.form} autoComplete="username" />
        <FormTextField
          form={api.form}
          name="password"
          label="auth.password"
          type="password"
          autoComplete="current-password"
        />
      </ApiFormFrame>
      <div className={screenStyles.links}>
        <Link to={paths.recover.getHref()}>{intl.formatMessage({ id: 'auth.forgot' })}</Link>
        <Link to={paths.register.getHref()}>{intl.formatMessage({ id: 'nav.register' })}</Link>
      </div>
      <LinkRequestForm />
    </Screen>
  );
}
