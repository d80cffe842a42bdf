import { Flex } from 'antd';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { usePortalConfig } from '../app/portalConfigContext';
import { SignOutButton } from '../components/SignOutButton';
import { selectSigningOut } from '../features/session/sessionSelectors';
import { signOutRequested } from '../features/session/sessionSlice';
import { selectSignedIn } from '../features/subscription/subscriptionSelectors';
import { SUPPORT_FRAME_REFERRER_POLICY, supportFrameSandbox } from './supportFrame';

/** The external support site in a full-size frame (docs/behaviour.md 2 /support); a signed-in person can
 * sign out from the bar above it. */
export function SupportPage() {
  const dispatch = useAppDispatch();
  const { supportSiteUrl } = usePortalConfig();
  const signedIn = useAppSelector(selectSignedIn);
  const signingOut = useAppSelector(selectSigningOut);
  return (
    <Flex vertical style={{ position: 'fixed', inset: 0 }}>
      {signedIn && (
        <header>
          <Flex justify="flex-end" style={{ background: '#0b3d91', padding: '8px 24px' }}>
            <SignOutButton signingOut={signingOut} onSignOut={() => dispatch(signOutRequested())} />
          </Flex>
        </header>
      )}
      <main style={{ flex: 1, minHeight: 0 }}>
        <iframe
          title="Support site"
          src={supportSiteUrl}
          sandbox={supportFrameSandbox(supportSiteUrl, window.location.origin)}
          referrerPolicy={SUPPORT_FRAME_REFERRER_POLICY}
          style={{ width: '100%', height: '100%', border: 0, display: 'block' }}
        />
      </main>
    </Flex>
  );
}

// React Router's lazy route takes the page from this chunk by the name Component (../app/routes.tsx).
export { SupportPage as Component };
