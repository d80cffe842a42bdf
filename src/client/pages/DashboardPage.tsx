import { Flex } from 'antd';
import { useEffect, useId } from 'react';
import { DASHBOARD_MAX_WIDTH_PX } from '../../contract/limits';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { usePortalConfig } from '../app/portalConfigContext';
import { CardColumns } from '../components/CardColumns';
import { Spinner } from '../components/Spinner';
import { DelegateDialogs } from '../features/delegates/DelegateDialogs';
import { dialogOpened } from '../features/delegates/delegatesSlice';
import { HistoryDialogs } from '../features/history/HistoryDialogs';
import { selectHistoryLinked } from '../features/history/historySelectors';
import { historyOpened } from '../features/history/historySlice';
import { selectSigningOut } from '../features/session/sessionSelectors';
import { signOutRequested } from '../features/session/sessionSlice';
import { AddLicencesForm } from '../features/subscription/components/AddLicencesForm';
import { DashboardHeader } from '../features/subscription/components/DashboardHeader';
import { FlexiblePlanNotice } from '../features/subscription/components/FlexiblePlanNotice';
import { InactiveSubscriptionNotice } from '../features/subscription/components/InactiveSubscriptionNotice';
import { PlanDetails } from '../features/subscription/components/PlanDetails';
import { SeatUsageCard } from '../features/subscription/components/SeatUsageCard';
import { SubscriptionSummary } from '../features/subscription/components/SubscriptionSummary';
import { PurchaseDialogs } from '../features/subscription/PurchaseDialogs';
import { maxSeatsToAdd } from '../features/subscription/seatCount';
import { selectPurchaseStatus, selectUser } from '../features/subscription/subscriptionSelectors';
import { addLicencesRequested } from '../features/subscription/subscriptionSlice';

/** The licence dashboard (docs/behaviour.md 2.2, roles of docs/behaviour.md 6); the guard makes sure a user is held. */
export function DashboardPage() {
  const dispatch = useAppDispatch();
  const { helpCentreUrl } = usePortalConfig();
  const user = useAppSelector(selectUser);
  const purchaseStatus = useAppSelector(selectPurchaseStatus);
  const seatsInputId = useId();
  const signingOut = useAppSelector(selectSigningOut);
  const historyLinked = useAppSelector(selectHistoryLinked);
  const isAdmin = user?.isAdmin === true;
  // A mail's history link opens the change history, an administrator's (docs/behaviour.md 4.28).
  useEffect(() => {
    if (historyLinked && isAdmin) dispatch(historyOpened());
  }, [dispatch, historyLinked, isAdmin]);

  if (!user) return null;
  // While the purchase is sent, the page is replaced by a spinner (docs/behaviour.md 4.15, 4.16).
  if (purchaseStatus === 'processing') {
    return (
      <main style={{ paddingTop: 96 }}>
        <Spinner size="large" label="Adding licenses" />
      </main>
    );
  }

  const mayAddLicences = user.isAdmin || user.accessRoles.license;
  // A suspended or pending subscription is not offered the form: the server refuses a purchase too.
  const offersForm = user.isAnnual && mayAddLicences && user.status === 'ACTIVE';
  const maxToAdd = maxSeatsToAdd(user);
  const focusSeats = () => document.getElementById(seatsInputId)?.focus();
  return (
    <>
      <DashboardHeader
        customerDomain={user.customerDomain}
        email={user.email}
        thumbnailPhotoUrl={user.thumbnailPhotoUrl}
        isAdmin={user.isAdmin}
        onDelegate={(kind) => dispatch(dialogOpened({ kind }))}
        onHistory={() => dispatch(historyOpened())}
        signingOut={signingOut}
        onSignOut={() => dispatch(signOutRequested())}
      />
      <main style={{ maxWidth: DASHBOARD_MAX_WIDTH_PX, margin: '0 auto', padding: '32px 16px' }}>
        <Flex vertical gap={24}>
          <SubscriptionSummary subscription={user} />
          <InactiveSubscriptionNotice subscription={user} />
          <CardColumns from="md" firstSpan={14}>
            <SeatUsageCard
              subscription={user}
              mayAdd={mayAddLicences}
              onAddMore={offersForm && maxToAdd > 0 ? focusSeats : undefined}
            />
            <PlanDetails subscription={user} />
          </CardColumns>
          {!user.isAnnual ? (
            <FlexiblePlanNotice helpCentreUrl={helpCentreUrl} />
          ) : (
            offersForm && (
              <AddLicencesForm
                max={maxToAdd}
                inputId={seatsInputId}
                onAdd={(seatsToAdd) => dispatch(addLicencesRequested({ seatsToAdd }))}
              />
            )
          )}
        </Flex>
      </main>
    </>
  );
}

/** The dashboard's route: the page and the dialogs its features open over it (docs/architecture.md). */
function DashboardRoute() {
  return (
    <>
      <DashboardPage />
      <PurchaseDialogs />
      <DelegateDialogs />
      <HistoryDialogs />
    </>
  );
}

// React Router's lazy route takes the route's screen from this chunk by the name Component (../app/routes.tsx).
export { DashboardRoute as Component };
