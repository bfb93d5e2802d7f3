import type { CurrentUserResponse } from '@uniquair/contract/users';
import type { MessageKey } from '@uniquair/i18n/messages';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { Screen, screenStyles } from '../../../components/layouts/screen.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { paths } from '../../../config/paths.ts';
import { confirmEmail } from '../api/confirm-email.ts';
import { signInWithLink } from '../api/sign-in-with-link.ts';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in.ts';
import { FormProblem, problemOf } from '../../../lib/api-form.tsx';

interface LinkScreenProps {
  readonly title: MessageKey;
  readonly intro: MessageKey;
  readonly action: MessageKey;
  readonly consume: () => Promise<CurrentUserResponse>;
  /** Where to go once signed in. */
  readonly target: string;
  /** Where to ask for a new link when this one no longer works. */
  readonly again: { readonly to: string; readonly label: MessageKey };
}

/**
 * An e-mailed link's page: opening it does nothing by itself (mail scanners open links); the
 * button uses the link, once, and signs the visitor in.
 */
function LinkScreen({ title, intro, action, consume, target, again }: LinkScreenProps) {
  const intl = useIntl();
  const completeSignIn = useCompleteSignIn();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<MessageKey | null>(null);
  const submit = async () => {
    setBusy(true);
    setProblem(null);
    try {
      await completeSignIn(await consume(), target);
    } catch (error) {
      setProblem(
        problemOf(error, 'auth.signInFailed', { 404: 'auth.linkUsed', 410: 'auth.linkUsed' }),
      );
      setBusy(false);
    }
  };
  return (
    <Screen title={intl.formatMessage({ id: title })}>
      <p>{intl.formatMessage({ id: intro })}</p>
      <FormProblem problem={problem} />
      {problem === 'auth.linkUsed' ? (
        <div className={screenStyles.links}>
          <Link to={again.to}>{intl.formatMessage({ id: again.label })}</Link>
        </div>
      ) : (
        <div>
          <Button loading={busy} onClick={() => void submit()}>
            {intl.formatMessage({ id: action })}
          </Button>
        </div>
      )}
    </Screen>
  );
}

/** `/confirm-email/{token}`: confirms a new account's (or a changed) address and signs in. */
export function ConfirmEmailScreen({ token }: { readonly token: string }) {
  return (
    <LinkScreen
      title="auth.confirmTitle"
      intro="auth.confirmIntro"
      action="auth.confirmSubmit"
      consume={() => confirmEmail(token)}
      target={paths.account.getHref()}
      again={{ to: paths.signin.getHref(), label: 'nav.signIn' }}
    />
  );
}

/** `/signin/link/{token}`: where an e-mailed sign-in link lands (via `/api/users/{token}/login`). */
export function SignInLinkScreen({ token }: { readonly token: string }) {
  return (
    <LinkScreen
      title="auth.signInLinkTitle"
      intro="auth.signInLinkIntro"
      action="nav.signIn"
      consume={() => signInWithLink(token)}
      target={paths.home.getHref()}
      again={{ to: paths.signin.getHref(), label: 'auth.requestNewLink' }}
    />
  );
}
