/**
 * Home `/` (spec §2 "Home"): the dashboard for a signed-in user, the landing panel for anonymous
 * visitors (nothing while the auth status is configuring), then a divider and the regions table,
 * whose Create creates a VPN when signed in and goes to /pricing otherwise. The dashboard and the
 * table are lazy chunks.
 */
import { lazy, Suspense } from 'react';
import { Divider } from 'antd';
import { useAppSelector } from '../app/hooks';
import { selectAuthStatus } from '../features/auth/authSlice';
import { loadDashboard } from '../features/dashboard/loadDashboard';
import { Landing } from '../features/home/Landing';
import { packsApi } from '../features/pricing/packsApi';
import { DeferredVpnRegionsTable } from '../features/vpns/DeferredVpnRegionsTable';

/** The dashboard: its own chunk, downloaded only once signed in. */
const Dashboard = lazy(() => loadDashboard().then((m) => ({ default: m.Dashboard })));

/** The home page. */
export default function HomePage() {
  const status = useAppSelector(selectAuthStatus);
  // The landing is laid out once its packs are there (or failed): only then does it mean
  // something that the regions section is in view.
  const packs = packsApi.endpoints.listPeanutsPacks.useQueryState();
  const landingSettled = status === 'unauthenticated' && (packs.isSuccess || packs.isError);
  return (
    <>
      {status === 'authenticated' ? (
        <Suspense fallback={null}>
          <Dashboard />
        </Suspense>
      ) : (
        status === 'unauthenticated' && <Landing />
      )}
      <Divider />
      <DeferredVpnRegionsTable settled={landingSettled} />
    </>
  );
}
