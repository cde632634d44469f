/**
 * The shell around every page: header, app-level auth progress bar, global error card, the
 * page (lazy, with a loader) and footer. Once signed in, it fetches the dashboard's chunk.
 */
import { Suspense, useEffect } from 'react';
import { Layout } from 'antd';
import { Outlet } from 'react-router-dom';
import { useAppSelector } from '../hooks';
import { selectAuthStatus } from '../../features/auth/authSlice';
import { prefetchDashboard } from '../../features/dashboard/loadDashboard';
import { ErrorCard } from '../../features/errors/ErrorCard';
import { useReferralLandingLink } from '../../features/referral/pendingCode';
import { LinearLoader } from '../../components/LinearLoader';
import { PageLoader } from '../../components/PageLoader';
import { AppFooter } from './AppFooter';
import { AppHeader, HEADER_TEXT } from './AppHeader';
import { ScrollToTop } from './ScrollToTop';
import { useTexts } from '../../i18n/context';

/** Width of the page content column, in pixels. */
export const CONTENT_MAX_WIDTH = 1280;

/** The layout route's element: renders the matched page in its `<Outlet />`. */
export function AppLayout() {
  const status = useAppSelector(selectAuthStatus);
  const configuring = status === 'configuring';
  // Signed in, the home page's dashboard will be wanted: fetch its chunk after this paint.
  useEffect(() => {
    if (status === 'authenticated') prefetchDashboard();
  }, [status]);
  // Referral landing links (`?ref=`, `?referral=`, `?referralCode=`) on any route (spec §2).
  useReferralLandingLink();
  const headerText = useTexts('header', HEADER_TEXT);
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <ScrollToTop />
      <AppHeader />
      {configuring && <LinearLoader label={headerText.loadingAuthentication} />}
      <Layout.Content style={{ padding: 'clamp(12px, 3vw, 32px)' }}>
        <div style={{ maxWidth: CONTENT_MAX_WIDTH, margin: '0 auto' }}>
          <ErrorCard />
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </div>
      </Layout.Content>
      <AppFooter />
    </Layout>
  );
}
