/**
 * Home `/` (spec §2 "Home"): the dashboard for a signed-in user, the landing panel for anonymous
 * visitors (nothing while the auth status is configuring), then a divider and the regions table,
 * whose Create creates a VPN when signed in and goes to /pricing otherwise.
 */
import { Divider } from 'antd';
import { useAppSelector } from '../app/hooks';
import { selectAuthStatus } from '../features/auth/authSlice';
import { Dashboard } from '../features/dashboard/Dashboard';
import { Landing } from '../features/home/Landing';
import { VpnRegionsTable } from '../features/vpns/VpnRegionsTable';

/** The home page. */
export default function HomePage() {
  const status = useAppSelector(selectAuthStatus);
  return (
    <>
      {status === 'authenticated' ? <Dashboard /> : status === 'unauthenticated' && <Landing />}
      <Divider />
      <VpnRegionsTable />
    </>
  );
}
