import { Button, Form, Input, Layout, Result, Spin, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import type { StaffRole } from '../../../../contract/api';
import { NARROW_PAGE_MAX_WIDTH_PX } from '../../../../contract/limits';
import { SignOutButton } from '../../../components/SignOutButton';
import { useConsoleDispatch, useConsoleSelector } from '../consoleHooks';
import { consoleOpened, staffSignInRequested, staffSignOutRequested } from '../consoleSlice';
import { CustomersScreen } from '../customers/CustomersScreen';
import { LedgerScreen } from '../ledger/LedgerScreen';
import { SettingsScreens } from '../settings/SettingsScreens';

// The reseller console's screens (docs/behaviour.md 10): the staff sign-in, the header of who is signed
// in and their role, and the 403 screen for someone in neither staff group.

const ROLE_WORDS: Readonly<Record<StaffRole, string>> = {
  admin: 'Reseller admin',
  support: 'Reseller support (read-only)',
};

const page = { maxWidth: NARROW_PAGE_MAX_WIDTH_PX, margin: '0 auto', padding: '48px 16px' };

function StaffSignIn({ busy, message }: { busy: boolean; message: string | null }) {
  const dispatch = useConsoleDispatch();
  const [email, setEmail] = useState('');
  const address = email.trim();
  return (
    <main style={page}>
      <Typography.Title level={1}>Reseller console</Typography.Title>
      <Typography.Paragraph>
        Sign in with your account of the reseller's domain.
      </Typography.Paragraph>
      <Form layout="vertical" onFinish={() => dispatch(staffSignInRequested(address))}>
        <Form.Item label="Email" htmlFor="staff-email">
          <Input
            id="staff-email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </Form.Item>
        {message === null ? null : (
          <Typography.Paragraph type="danger" role="alert">
            {message}
          </Typography.Paragraph>
        )}
        <Button type="primary" htmlType="submit" loading={busy} disabled={address === ''}>
          Sign in with Google
        </Button>
      </Form>
    </main>
  );
}

function Refused({ message }: { message: string }) {
  const dispatch = useConsoleDispatch();
  return (
    <main style={page}>
      <Result
        status="403"
        title="403 - Not reseller staff"
        subTitle={message}
        extra={
          <Button onClick={() => dispatch(staffSignOutRequested())}>
            Sign in with another account
          </Button>
        }
      />
    </main>
  );
}

function SignedIn() {
  const dispatch = useConsoleDispatch();
  const { staff, status } = useConsoleSelector((state) => state.console);
  if (staff === null) return null;
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header
        style={{ display: 'flex', alignItems: 'center', gap: 16, justifyContent: 'space-between' }}
      >
        <Typography.Text strong style={{ color: '#fff' }}>
          Reseller console
        </Typography.Text>
        <span style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
          <Typography.Text style={{ color: '#fff' }} aria-label="Signed in as">
            {staff.email}
          </Typography.Text>
          {/* antd's default tag: dark text on light grey, readable on the dark bar. */}
          <Tag>{ROLE_WORDS[staff.role]}</Tag>
          <SignOutButton
            signingOut={status === 'signingOut'}
            onSignOut={() => dispatch(staffSignOutRequested())}
          />
        </span>
      </Layout.Header>
      <Layout.Content style={{ padding: 24 }}>
        <CustomersScreen />
        <SettingsScreens readOnly={staff.role !== 'admin'} />
        <LedgerScreen />
      </Layout.Content>
    </Layout>
  );
}

/** The console: whichever screen the staff session's state calls for. */
export function ConsoleScreen() {
  const dispatch = useConsoleDispatch();
  const { status, message } = useConsoleSelector((state) => state.console);
  useEffect(() => {
    dispatch(consoleOpened());
  }, [dispatch]);
  if (status === 'checking') return <Spin size="large" aria-label="Loading the console" />;
  if (status === 'refused') return <Refused message={message ?? ''} />;
  if (status === 'signedIn' || status === 'signingOut') return <SignedIn />;
  return <StaffSignIn busy={status === 'signingIn'} message={message} />;
}
