import { Button, Dropdown, Flex } from 'antd';
import { useState } from 'react';
import type { DelegateKind } from '../../../../contract/api';
import silhouette from '../../../assets/silhouette.svg';
import { useDesignToken } from '../../../components/designToken';
import { SignOutButton } from '../../../components/SignOutButton';

export interface DashboardHeaderProps {
  customerDomain: string;
  email: string;
  thumbnailPhotoUrl: string | null;
  isAdmin: boolean;
  onDelegate: (kind: DelegateKind) => void;
  /** 'Change History', the admin menu's third item. */
  onHistory: () => void;
  signingOut: boolean;
  onSignOut: () => void;
}

const PHOTO_SIZE_PX = 40;
// Only a web address or a same-origin path may be an image source: a server answer such as
// 'javascript:…' or 'data:…' falls back to the silhouette.
const WEB_IMAGE_URL = /^(?:https?:\/\/|\/(?![/\\]))/i;

const HISTORY_KEY = 'history';
// The two delegate items in the order and words of docs/behaviour.md 7.2, then the change history.
const MENU_ITEMS: { key: DelegateKind | typeof HISTORY_KEY; label: string }[] = [
  { key: 'licence', label: 'Delegate Licenses Access' },
  { key: 'support', label: 'Delegate Support Access' },
  { key: HISTORY_KEY, label: 'Change History' },
];

/** The user's photo, or the silhouette when there is none or it fails to load. */
function UserPhoto({ url, email }: { url: string | null; email: string }) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const usable = url !== null && WEB_IMAGE_URL.test(url) && url !== failedUrl;
  return (
    <img
      src={usable ? url : silhouette}
      alt={`Photo of ${email}`}
      width={PHOTO_SIZE_PX}
      height={PHOTO_SIZE_PX}
      referrerPolicy="no-referrer"
      onError={() => setFailedUrl(url)}
      style={{ borderRadius: '50%', objectFit: 'cover', background: '#fff' }}
    />
  );
}

/** Header bar of the dashboard (docs/behaviour.md 2): domain in upper case, photo, admins-only menu (docs/behaviour.md 6). */
export function DashboardHeader(props: DashboardHeaderProps) {
  const { customerDomain, email, thumbnailPhotoUrl, isAdmin, onDelegate, onHistory } = props;
  const { signingOut, onSignOut } = props;
  const token = useDesignToken();
  return (
    <header>
      {/* On a phone the actions go under the domain instead of squeezing it to a letter a line. */}
      <Flex
        align="center"
        justify="space-between"
        wrap
        gap={16}
        style={{ background: '#0b3d91', color: '#fff', padding: '12px 24px' }}
      >
        {/* As antd's strong Typography.Text draws it. */}
        <strong
          style={{
            color: '#fff',
            fontSize: 18,
            letterSpacing: 1,
            fontWeight: token.fontWeightStrong,
            wordBreak: 'break-word',
          }}
        >
          {customerDomain.toUpperCase()}
        </strong>
        <Flex align="center" wrap gap={16}>
          {isAdmin && (
            <Dropdown
              trigger={['click']}
              // The open menu takes the focus, so arrow keys and Enter choose an item (keyboard use).
              autoFocus
              menu={{
                items: MENU_ITEMS,
                onClick: ({ key }) =>
                  key === HISTORY_KEY ? onHistory() : onDelegate(key as DelegateKind),
              }}
            >
              {/* White in every state: antd's hover/open blue is unreadable on the dark bar. */}
              <Button
                ghost
                aria-label="Delegate access menu"
                style={{ color: '#fff', borderColor: '#fff' }}
              >
                Delegate access
              </Button>
            </Dropdown>
          )}
          <UserPhoto url={thumbnailPhotoUrl} email={email} />
          <SignOutButton signingOut={signingOut} onSignOut={onSignOut} />
        </Flex>
      </Flex>
    </header>
  );
}
