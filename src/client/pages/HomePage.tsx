import { Card, Flex, Typography } from 'antd';
import { useState } from 'react';
import { NARROW_PAGE_MAX_WIDTH_PX, LICENSES_DESTINATION } from '../../contract/limits';
import { useAppDispatch, useAppSelector } from '../app/hooks';
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

/** E-mail entry and sign-in (docs/behaviour.md 2 Home, docs/behaviour.md 4 Home and Sign-in). */
export function HomePage() {
  const dispatch = useAppDispatch();
  const session = useAppSelector(selectSession);
  const loadingSubscription = useAppSelector(selectLoadingSubscription);
  const [email, setEmail] = useState(session.email);

  const changeEmail = (value: string) => {
    setEmail(value);
    if (editUnconfirms(session, value)) dispatch(confirmedEmailEdited());
  };

  return (
    <main style={{ maxWidth: NARROW_PAGE_MAX_WIDTH_PX, margin: '0 auto', padding: '48px 16px' }}>
      <Card>
        <Typography.Title level={1} style={{ marginTop: 0 }}>
          Customer Portal
        </Typography.Title>
        <Typography.Paragraph>
          Enter the email address of your organisation&apos;s account to continue.
        </Typography.Paragraph>
        <EmailForm
          value={email}
          warn={session.destination !== LICENSES_DESTINATION}
          busy={session.emailCheck === 'validating' || loadingSubscription}
          onChange={changeEmail}
          onSubmit={(value) => dispatch(emailSubmitted({ email: value }))}
        />
        <Flex vertical style={{ marginTop: 24 }}>
          {session.emailCheck === 'validating' && (
            <Flex vertical align="center">
              <Typography.Paragraph>Validating email</Typography.Paragraph>
              <Spinner size="small" label="Validating email" />
            </Flex>
          )}
          {loadingSubscription ? (
            <Spinner size="medium" label="Loading your subscription" />
          ) : (
            session.emailCheck === 'confirmed' && (
              <SignInPrompt
                signingIn={session.signingIn}
                onSignIn={() => dispatch(signInRequested())}
              />
            )
          )}
        </Flex>
      </Card>
    </main>
  );
}
