/**
 * Home `/` (spec §2 "Home"): the dashboard for a signed-in user, the landing panel for anonymous
 * visitors (nothing while the auth status is configuring), then a divider and the regions table,
 * whose Create creates a VPN when signed in and goes to /pricing otherwise.
 */
import { lazy, Suspense } from 'react';
import { Divider } from 'antd';
import { useAppSelector } from '../app/hooks';
import { selectAuthStatus } from '../features/auth/authSlice';
import { Landing } from '../features/home/Landing';
import { VpnRegionsTable } from '../features/vpns/VpnRegionsTable';

/** The dashboard: its own chunk, downloaded only once signed in (issue 11). */
const Dashboard = lazy(() =>
  import(/* webpackChunkName: "dashboard" */ '../features/dashboard/Dashboard').then((m) => ({
    default: m.Dashboard,
  })),
);

/** The home page. */
export default function HomePage() {
  const status = useAppSelector(selectAuthStatus);
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
      <VpnRegionsTable />
    </>
  );
}
