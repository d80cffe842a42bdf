import { useState } from 'react';
import { NARROW_PAGE_MAX_WIDTH_PX, LICENSES_DESTINATION } from '../../contract/limits';
import { PAGE_PATHS } from '../../contract/pages';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { useMovedOnFrom } from '../app/portalRouter';
import { PageTitle, Panel, Sentence } from '../components/Panel';
import { Spinner } from '../components/Spinner';
import { EmailForm } from '../features/session/components/EmailForm';
import { SignInPrompt } from '../features/session/components/SignInPrompt';
import { selectSession } from '../features/session/sessionSelectors';
import { selectLoadingSubscription } from '../features/subscription/subscriptionSelectors';
import { editUnconfirms } from '../features/session/emailConfirmation';
import {
  confirmedEmailEdited,
  emailSubmitted,
  signInRequested,
} from '../features/session/sessionSlice';

/** E-mail entry and sign-in (docs/behaviour.md 2.1, docs/behaviour.md 4.4–4.10). */
export function HomePage() {
  const dispatch = useAppDispatch();
  const session = useAppSelector(selectSession);
  // Once the subscription is in, the screen moves on (docs/behaviour.md 4.9): the spinner stays
  // until the next page replaces this one, instead of the sign-in button showing again meanwhile.
  const movedOn = useMovedOnFrom(PAGE_PATHS.home);
  const waitingForSubscription = useAppSelector(selectLoadingSubscription) || movedOn;
  const [email, setEmail] = useState(session.email);

  const changeEmail = (value: string) => {
    setEmail(value);
    if (editUnconfirms(session, value)) dispatch(confirmedEmailEdited());
  };

  return (
    <main style={{ maxWidth: NARROW_PAGE_MAX_WIDTH_PX, margin: '0 auto', padding: '48px 16px' }}>
      <Panel>
        <PageTitle>Customer Portal</PageTitle>
        <Sentence>
          Enter the email address of your organisation&apos;s account to continue.
        </Sentence>
        <EmailForm
          value={email}
          warn={session.destination !== LICENSES_DESTINATION}
          busy={session.emailCheck === 'validating' || waitingForSubscription}
          onChange={changeEmail}
          onSubmit={(value) => dispatch(emailSubmitted({ email: value }))}
        />
        <div style={{ display: 'flex', flexDirection: 'column', marginTop: 24 }}>
          {session.emailCheck === 'validating' && (
            <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'center' }}>
              <Sentence>Validating email</Sentence>
              <Spinner size="small" label="Validating email" />
            </div>
          )}
          {waitingForSubscription ? (
            <Spinner size="medium" label="Loading your subscription" />
          ) : (
            session.emailCheck === 'confirmed' && (
              <SignInPrompt
                signingIn={session.signingIn}
                onSignIn={() => dispatch(signInRequested())}
              />
            )
          )}
        </div>
      </Panel>
    </main>
  );
}
