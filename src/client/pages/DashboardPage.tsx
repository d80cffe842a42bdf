import { Flex } from 'antd';
import { DASHBOARD_MAX_WIDTH_PX } from '../../contract/limits';
import { useAppDispatch, useAppSelector } from '../app/hooks';
import { usePortalConfig } from '../app/portalConfigContext';
import { Spinner } from '../components/Spinner';
import { dialogOpened } from '../features/delegates/delegatesSlice';
import { AddLicensesForm } from '../features/subscription/components/AddLicensesForm';
import { DashboardHeader } from '../features/subscription/components/DashboardHeader';
import { FlexiblePlanNotice } from '../features/subscription/components/FlexiblePlanNotice';
import { SubscriptionSummary } from '../features/subscription/components/SubscriptionSummary';
import { maxSeatsToAdd } from '../features/subscription/seatCount';
import { addLicensesRequested } from '../features/subscription/subscriptionSlice';

/** The licence dashboard (spec §2 Dashboard, roles of §6); the guard makes sure a user is held. */
export default function DashboardPage() {
  const dispatch = useAppDispatch();
  const { helpCentreUrl } = usePortalConfig();
  const user = useAppSelector((state) => state.subscription.user);
  const purchaseStatus = useAppSelector((state) => state.subscription.purchase.status);

  if (!user) return null;
  // While the purchase is sent, the page is replaced by a spinner (spec §4 Adding licences).
  if (purchaseStatus === 'processing') {
    return (
      <main style={{ paddingTop: 96 }}>
        <Spinner size="large" label="Adding licenses" />
      </main>
    );
  }

  const mayAddLicenses = user.isAdmin || user.accessRoles.license;
  return (
    <>
      <DashboardHeader
        customerDomain={user.customerDomain}
        email={user.email}
        thumbnailPhotoUrl={user.thumbnailPhotoUrl}
        isAdmin={user.isAdmin}
        onDelegate={(kind) => dispatch(dialogOpened({ kind }))}
      />
      <main style={{ maxWidth: DASHBOARD_MAX_WIDTH_PX, margin: '0 auto', padding: '32px 16px' }}>
        <Flex vertical gap={24}>
          <SubscriptionSummary subscription={user} />
          {!user.isAnnual ? (
            <FlexiblePlanNotice helpCentreUrl={helpCentreUrl} />
          ) : (
            mayAddLicenses && (
              <AddLicensesForm
                max={maxSeatsToAdd(user)}
                onAdd={(seats) => dispatch(addLicensesRequested({ seats }))}
              />
            )
          )}
        </Flex>
      </main>
    </>
  );
}
