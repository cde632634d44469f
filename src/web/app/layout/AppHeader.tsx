/**
 * The header of spec §2 "Shell": logo button to /, product name, Beta badge, top menu (with
 * Sign In or the account menu) and the search box. Below the medium breakpoint the menu and
 * search move into a drawer, a lazy chunk loaded when first opened.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { Button, Grid, Layout, Menu, Tag } from 'antd';
import { MenuOutlined } from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAppSelector } from '../hooks';
import { selectAuthStatus, selectAuthUser, signOutRequested } from '../../features/auth/authSlice';
import { useLeaveForLogin } from '../../features/auth/useLeaveForLogin';
import { ErrorBoundary } from '../../components/errors/ErrorBoundary';
import { HeaderSearch } from './HeaderSearch';
import { buildMenuItems, selectedMenuKeys } from './menuItems';
import { Text } from '../../components/typography';

/** Path of the logo in public/. */
export const LOGO_URL = '/logo.svg';

const HeaderDrawer = lazy(() => import(/* webpackChunkName: "header-drawer" */ './HeaderDrawer'));

/** The application header. */
export function AppHeader() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const screens = Grid.useBreakpoint();
  const leaveForLogin = useLeaveForLogin();
  const status = useAppSelector(selectAuthStatus);
  const user = useAppSelector(selectAuthUser);
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Mounted from the first opening on, so that it can animate closed.
  const [drawerUsed, setDrawerUsed] = useState(false);
  // Until the breakpoints are measured (first render), assume a wide screen.
  const compact = screens.md === false;
  const onLogout = () => void leaveForLogin(signOutRequested());
  const items = buildMenuItems({ status, user, onLogout });
  const selectedKeys = selectedMenuKeys(pathname);

  useEffect(() => setDrawerOpen(false), [pathname]);

  return (
    <Layout.Header
      style={{
        position: 'sticky',
        top: 0,
        zIndex: 10,
        display: 'flex',
        alignItems: 'center',
        gap: 8,
        borderBottom: '1px solid rgba(5, 5, 5, 0.06)',
      }}
    >
      <Button
        type="text"
        onClick={() => navigate('/')}
        aria-label="Peanut VPN home"
        style={{ display: 'flex', alignItems: 'center', gap: 8, height: 48, paddingInline: 4 }}
      >
        <img src={LOGO_URL} alt="" width={36} height={36} />
        <Text strong style={{ fontSize: 18, whiteSpace: 'nowrap' }}>
          Peanut VPN
        </Text>
      </Button>
      <Tag color="orange" style={{ marginInlineEnd: 8 }}>
        Beta
      </Tag>
      {compact ? (
        <>
          <div style={{ flex: 1 }} />
          <Button
            type="text"
            icon={<MenuOutlined />}
            aria-label="Open menu"
            onClick={() => {
              setDrawerUsed(true);
              setDrawerOpen(true);
            }}
          />
          {drawerUsed && (
            <ErrorBoundary fallback={null}>
              <Suspense fallback={null}>
                <HeaderDrawer
                  open={drawerOpen}
                  onClose={() => setDrawerOpen(false)}
                  items={items}
                  selectedKeys={selectedKeys}
                />
              </Suspense>
            </ErrorBoundary>
          )}
        </>
      ) : (
        <>
          <Menu
            className="app-header-wide"
            mode="horizontal"
            items={items}
            selectedKeys={selectedKeys}
            aria-label="Main menu"
            style={{ flex: 1, minWidth: 0, borderBottom: 'none' }}
          />
          {/* index.html hides the wide header's parts on small screens until the app runs. */}
          <div className="app-header-wide" style={{ flexShrink: 0, lineHeight: 'normal' }}>
            <HeaderSearch />
          </div>
        </>
      )}
    </Layout.Header>
  );
}
