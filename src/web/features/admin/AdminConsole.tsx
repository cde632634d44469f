/**
 * The operator console at `/admin` (docs/operator-console.md "Console"), its own lazy chunk:
 * a menu of its pages (Overview, Users, VPNs, Hosts, Regions, Payments, Audit log) and the page
 * asked.
 */
import { Flex, Menu } from 'antd';
import { Link, Route, Routes, useLocation } from 'react-router-dom';
import { Title } from '../../components/typography';
import { NotFound } from '../../components/errors/NotFound';
import { AuditPage } from './pages/AuditPage';
import { HostsPage } from './pages/HostsPage';
import { OverviewPage } from './pages/OverviewPage';
import { PaymentsPage } from './pages/PaymentsPage';
import { RegionsPage } from './pages/RegionsPage';
import { UserPage } from './pages/UserPage';
import { UsersPage } from './pages/UsersPage';
import { VpnsPage } from './pages/VpnsPage';
import { useTexts } from '../../i18n/context';

/** The console's title and menu labels (English; namespace `adminConsole`). */
export const CONSOLE_TEXT = {
  title: 'Operator console',
  menuLabel: 'Operator console pages',
  pages: {
    overview: 'Overview',
    users: 'Users',
    vpns: 'VPNs',
    hosts: 'Hosts',
    regions: 'Regions',
    payments: 'Payments',
    audit: 'Audit log',
  },
} as const;

/** The menu's pages in order: their label's key and their path. */
const PAGES: readonly { key: keyof typeof CONSOLE_TEXT.pages; path: string }[] = [
  { key: 'overview', path: '/admin' },
  { key: 'users', path: '/admin/users' },
  { key: 'vpns', path: '/admin/vpns' },
  { key: 'hosts', path: '/admin/hosts' },
  { key: 'regions', path: '/admin/regions' },
  { key: 'payments', path: '/admin/payments' },
  { key: 'audit', path: '/admin/audit' },
];

/** The menu key of `pathname`: its console page (a user's page is under Users). */
function selectedPage(pathname: string): string {
  const path = pathname.replace(/\/+$/, '');
  const page = PAGES.slice(1).find(
    ({ path: prefix }) => path === prefix || path.startsWith(`${prefix}/`),
  );
  return page?.path ?? '/admin';
}

/** The console; see the module comment. */
export default function AdminConsole() {
  const { pathname } = useLocation();
  const T = useTexts('adminConsole', CONSOLE_TEXT);
  return (
    <Flex vertical gap="middle">
      <Title level={1}>{T.title}</Title>
      <nav aria-label={T.menuLabel}>
        <Menu
          mode="horizontal"
          selectedKeys={[selectedPage(pathname)]}
          items={PAGES.map(({ key, path }) => ({
            key: path,
            label: <Link to={path}>{T.pages[key]}</Link>,
          }))}
        />
      </nav>
      <Routes>
        <Route index element={<OverviewPage />} />
        <Route path="users" element={<UsersPage />} />
        <Route path="users/:sub" element={<UserPage />} />
        <Route path="vpns" element={<VpnsPage />} />
        <Route path="hosts" element={<HostsPage />} />
        <Route path="regions" element={<RegionsPage />} />
        <Route path="payments" element={<PaymentsPage />} />
        <Route path="audit" element={<AuditPage />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </Flex>
  );
}
