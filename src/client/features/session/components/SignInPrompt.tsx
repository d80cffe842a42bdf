import { Button } from 'antd';
import { Sentence } from '../../../components/Panel';

export interface SignInPromptProps {
  signingIn: boolean;
  onSignIn: () => void;
}

/** Shown once the e-mail is confirmed as a Google account (docs/behaviour.md 2.1). */
export function SignInPrompt({ signingIn, onSignIn }: SignInPromptProps) {
  return (
    <section aria-label="Sign in">
      <Sentence>To continue, sign in with google:</Sentence>
      <Button type="primary" size="large" loading={signingIn} onClick={onSignIn}>
        Sign in with Google
      </Button>
    </section>
  );
}
