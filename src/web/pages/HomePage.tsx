/**
 * Home `/` (spec §2 "Home"): the landing panel for anonymous visitors (the signed-in dashboard
 * comes with identity), then a divider and the regions table.
 */
import { Divider } from 'antd';
import { useAppSelector } from '../app/hooks';
import { selectIsAuthenticated } from '../features/auth/authSlice';
import { Landing } from '../features/home/Landing';
import { RegionsTable } from '../features/regions/RegionsTable';

/** The home page. */
export default function HomePage() {
  const authenticated = useAppSelector(selectIsAuthenticated);
  return (
    <>
      {!authenticated && <Landing />}
      <Divider />
      <RegionsTable />
    </>
  );
}
