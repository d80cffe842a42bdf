import { configureStore } from '@reduxjs/toolkit';
import type { PortalConfig } from '../../contract/config';
import { sampleSubscription } from '../../contract/sampleSubscription';
import type { SubscriptionInfo } from '../../contract/subscription';
import { PortalConfigContext } from '../app/portalConfigContext';
import { rootReducer } from '../app/rootReducer';
import { Spinner } from '../components/Spinner';
import { FlexiblePlanNotice } from '../features/subscription/components/FlexiblePlanNotice';
import { InactiveSubscriptionNotice } from '../features/subscription/components/InactiveSubscriptionNotice';
import { subscriptionLoaded } from '../features/subscription/subscriptionSlice';
import { DashboardPage } from '../pages/DashboardPage';
import { HomePage } from '../pages/HomePage';
import { renderWithPortalStyles } from './renderHome';

// antd's styles for the screens a page load shows, computed at build time (docs/performance.md) and put
// into index.html: antd finds each one already in the page and skips computing and inserting it, the
// largest part of the dashboard's first render. Whatever is not here (a dialog's inside, a menu) antd
// still computes when it first shows, so a missing entry costs time, never looks.

/** Seats in use out of the sample's 20: past the usage warning's 90 %. */
const SEATS_IN_USE_PAST_WARNING = 19;
/** A subscription that shows every part of the dashboard: annual, admin, active, the usage warning. */
const STYLE_SAMPLE: SubscriptionInfo = sampleSubscription({
  licensedNumberOfSeats: SEATS_IN_USE_PAST_WARNING,
});

const SAMPLE_CONFIG: PortalConfig = {
  identity: { kind: 'google', clientId: 'sample' },
  contactUrl: '/',
  helpdeskUrl: '/',
  supportSiteUrl: '/',
  helpCentreUrl: '/',
  recording: false,
};

/**
 * Whose styles a page carries: 'portal', every screen a page load shows (index.html); 'dashboard',
 * an annual plan's dashboard with its notices and spinners, for the dashboard's own page.
 */
export type StyledScreens = 'portal' | 'dashboard';

/** antd's <style> elements for those screens. */
export function renderPortalStyles(screens: StyledScreens = 'portal'): string {
  const everyScreen = screens === 'portal';
  const store = configureStore({ reducer: rootReducer });
  store.dispatch(subscriptionLoaded(STYLE_SAMPLE));
  return renderWithPortalStyles(
    <PortalConfigContext.Provider value={SAMPLE_CONFIG}>
      {everyScreen && <HomePage />}
      <DashboardPage />
      {/* Its link is the one use of Typography's styles on a dashboard: computed when it shows. */}
      {everyScreen && <FlexiblePlanNotice helpCentreUrl="/" />}
      <InactiveSubscriptionNotice
        subscription={{ ...STYLE_SAMPLE, status: 'SUSPENDED', suspensionReasons: [] }}
      />
      <Spinner size="large" label="" />
      <Spinner size="medium" label="" />
      <Spinner size="small" label="" />
    </PortalConfigContext.Provider>,
    store,
  ).styles;
}
