import { Button } from 'antd';

export interface SignOutButtonProps {
  signingOut: boolean;
  onSignOut: () => void;
}

/** 'Sign out' on a dark bar: white in every state (antd's hover blue is unreadable there). */
export function SignOutButton({ signingOut, onSignOut }: SignOutButtonProps) {
  return (
    <Button
      ghost
      loading={signingOut}
      onClick={onSignOut}
      style={{ color: '#fff', borderColor: '#fff' }}
    >
      Sign out
    </Button>
  );
}
