import { ERROR_TEXT } from '../../contract/errors';
import { NARROW_PAGE_MAX_WIDTH_PX, TYPING_MS_PER_CHARACTER } from '../../contract/limits';
import { useAppSelector } from '../app/hooks';
import { usePortalConfig } from '../app/portalConfigContext';
import { PageTitle, Panel, Sentence } from '../components/Panel';
import { TypingText } from '../components/TypingText';
import { textLength } from '../components/typedPrefix';
import { selectStoredErrorDetails } from '../features/errors/errorsSelectors';
import { sanitizeDetails } from '../features/errors/sanitizeDetails';

const UNKNOWN_ERROR = 'Unknown error';
const REACH_RESELLER = 'To reach your reseller:';
const CONTACT_PAGE = 'contact page';
const HELP_DESK = 'help desk';

/** How to reach the reseller, from the portal's own configuration (docs/behaviour.md 2.3). */
function ReachReseller() {
  const { contactUrl, helpdeskUrl } = usePortalConfig();
  return (
    <Sentence>
      {REACH_RESELLER} <a href={contactUrl}>{CONTACT_PAGE}</a> ·{' '}
      <a href={helpdeskUrl}>{HELP_DESK}</a>
    </Sentence>
  );
}

/** The stored details as safe HTML, or 'Unknown error' when nothing readable is left (docs/behaviour.md 2). */
function detailsHtml(details: string | undefined): string {
  const safe = sanitizeDetails(details ?? '');
  return textLength(safe) > 0 ? safe : UNKNOWN_ERROR;
}

/** The 403 screen (docs/behaviour.md 2.3); the guard makes sure an error is stored. */
export function ForbiddenPage() {
  const details = useAppSelector(selectStoredErrorDetails);
  const html = detailsHtml(details);
  return (
    <main style={{ maxWidth: NARROW_PAGE_MAX_WIDTH_PX, margin: '0 auto', padding: '48px 16px' }}>
      <Panel>
        <PageTitle style={{ fontSize: 64 }}>403</PageTitle>
        <Sentence>
          <strong>ERROR DESCRIPTION: 403 - Forbidden! Access Denied.</strong>
        </Sentence>
        <dl style={{ margin: 0 }}>
          <dt style={{ fontWeight: 600 }}>ERROR CAUSED BY</dt>
          <dd style={{ margin: '8px 0 0', fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
            <TypingText key={html} html={html} msPerCharacter={TYPING_MS_PER_CHARACTER} />
          </dd>
        </dl>
        {details?.includes(ERROR_TEXT.portalTurnedOffMark) === true ? <ReachReseller /> : null}
      </Panel>
    </main>
  );
}

// React Router's lazy route takes the page from this chunk by the name Component (../app/routes.tsx).
export { ForbiddenPage as Component };
