/**
 * The route table of spec §2. Every page is its own lazy chunk (React.lazy); the layout route
 * renders header, error card and footer around them. Render errors and chunk load failures of a
 * page show inside the layout; a failure of the layout itself shows on its own.
 */
import { lazy } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { RouteErrorPage } from '../components/errors/RouteErrorPage';
import { AppLayout } from './layout/AppLayout';
import { RequireAuth } from '../features/auth/RequireAuth';
import NotFoundPage from '../pages/NotFoundPage';
import { AdminGate } from '../features/admin/AdminGate';

/** Loads the home page's chunk (the boot starts it early when the URL is `/`). */
export function loadHomePage() {
  return import(/* webpackChunkName: "page-home" */ '../pages/HomePage');
}

const HomePage = lazy(loadHomePage);
const PricingPage = lazy(
  () => import(/* webpackChunkName: "page-pricing" */ '../pages/PricingPage'),
);
const AuthPage = lazy(() => import(/* webpackChunkName: "page-auth" */ '../pages/AuthPage'));
const PasswordPage = lazy(
  () => import(/* webpackChunkName: "page-password" */ '../pages/PasswordPage'),
);
const AccountPage = lazy(
  () => import(/* webpackChunkName: "page-account" */ '../pages/AccountPage'),
);
const UnregisterPage = lazy(
  () => import(/* webpackChunkName: "page-unregister" */ '../pages/UnregisterPage'),
);
const ReferralPage = lazy(
  () => import(/* webpackChunkName: "page-referral" */ '../pages/ReferralPage'),
);
const DocPage = lazy(() => import(/* webpackChunkName: "page-doc" */ '../pages/info/DocPage'));
const DocCliPage = lazy(
  () => import(/* webpackChunkName: "page-doc-cli" */ '../pages/info/DocCliPage'),
);
const FaqPage = lazy(() => import(/* webpackChunkName: "page-faq" */ '../pages/info/FaqPage'));
const ContributePage = lazy(
  () => import(/* webpackChunkName: "page-contribute" */ '../pages/info/ContributePage'),
);
const MakeMoneyPage = lazy(
  () => import(/* webpackChunkName: "page-makemoney" */ '../pages/info/MakeMoneyPage'),
);
const IssuePage = lazy(
  () => import(/* webpackChunkName: "page-issue" */ '../pages/info/IssuePage'),
);
const SupportPage = lazy(
  () => import(/* webpackChunkName: "page-support" */ '../pages/info/SupportPage'),
);
const ContactUsPage = lazy(
  () => import(/* webpackChunkName: "page-contactus" */ '../pages/info/ContactUsPage'),
);
const TermsPage = lazy(
  () => import(/* webpackChunkName: "page-terms" */ '../pages/info/TermsPage'),
);
const PrivacyPage = lazy(
  () => import(/* webpackChunkName: "page-privacy" */ '../pages/info/PrivacyPage'),
);
const ReferralTermsPage = lazy(
  () => import(/* webpackChunkName: "page-referral-terms" */ '../pages/info/ReferralTermsPage'),
);
// The operator console: its own chunk, requested only once AdminGate knows an operator.
const AdminConsole = lazy(
  () => import(/* webpackChunkName: "page-admin" */ '../features/admin/AdminConsole'),
);

/** The pages, children of the layout (paths relative to `/`). */
export const pageRoutes: RouteObject[] = [
  { index: true, element: <HomePage /> },
  { path: 'pricing', element: <PricingPage /> },
  { path: 'contribute', element: <ContributePage /> },
  { path: 'makemoney', element: <MakeMoneyPage /> },
  { path: 'faq', element: <FaqPage /> },
  { path: 'doc', element: <DocPage /> },
  { path: 'doc-cli', element: <DocCliPage /> },
  { path: 'issue', element: <IssuePage /> },
  { path: 'support', element: <SupportPage /> },
  { path: 'contactus', element: <ContactUsPage /> },
  { path: 'privacy', element: <PrivacyPage /> },
  { path: 'terms', element: <TermsPage /> },
  { path: 'login', element: <AuthPage mode="signIn" /> },
  { path: 'signup', element: <AuthPage mode="signUp" /> },
  {
    path: 'password',
    element: (
      <RequireAuth>
        <PasswordPage />
      </RequireAuth>
    ),
  },
  {
    path: 'account',
    element: (
      <RequireAuth>
        <AccountPage />
      </RequireAuth>
    ),
  },
  {
    path: 'unregister',
    element: (
      <RequireAuth>
        <UnregisterPage />
      </RequireAuth>
    ),
  },
  {
    path: 'referral',
    element: (
      <RequireAuth>
        <ReferralPage />
      </RequireAuth>
    ),
  },
  { path: 'referral/terms', element: <ReferralTermsPage /> },
  {
    path: 'admin/*',
    element: (
      <AdminGate>
        <AdminConsole />
      </AdminGate>
    ),
  },
  // The FAQ's "request or upvote a region" link: regions are requested as issues.
  { path: 'ticket', element: <Navigate to="/issue" replace /> },
  { path: '*', element: <NotFoundPage /> },
];

/**
 * Builds the route tree: the layout at `/`, a pathless route whose error element renders page
 * errors inside the layout, and `children` (default {@link pageRoutes}) below it.
 */
export function buildRoutes(children: RouteObject[] = pageRoutes): RouteObject[] {
  return [
    {
      path: '/',
      element: <AppLayout />,
      errorElement: (
        <div style={{ padding: 24 }}>
          <RouteErrorPage />
        </div>
      ),
      children: [{ errorElement: <RouteErrorPage />, children }],
    },
  ];
}

/** The application's browser router. */
export function createAppRouter() {
  return createBrowserRouter(buildRoutes());
}
