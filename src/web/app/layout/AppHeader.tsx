/**
 * The header of spec §2 "Shell": logo button to /, product name, Beta badge, top menu (with
 * Sign In or the account menu) and the search box. Below the medium breakpoint the menu and
 * search move into a drawer, a lazy chunk loaded when first opened.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { Button, Grid, Layout, Menu, theme } from 'antd';
import { MenuOutlined } from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAppSelector } from '../hooks';
import { selectAuthStatus, selectAuthUser, signOutRequested } from '../../features/auth/authSlice';
import { useLeaveForLogin } from '../../features/auth/useLeaveForLogin';
import { ErrorBoundary } from '../../components/errors/ErrorBoundary';
import { HeaderSearch } from './HeaderSearch';
import { buildMenuItems, selectedMenuKeys } from './menuItems';
import { useOperatorStatus } from '../../features/admin/operatorApi';
import { StatusTag } from '../../components/StatusTag';
import { Text } from '../../components/typography';
import { LanguageMenu, ThemeMenu } from '../../features/preferences';
import { useTexts } from '../../i18n/context';
import { MENU_TEXT } from './menuItems';
import { PRODUCT_NAME } from '../../components/commonText';

/** The header's own texts (English; namespace `header`). */
export const HEADER_TEXT = {
  home: 'Peanut VPN home',
  beta: 'Beta',
  openMenu: 'Open menu',
  mainMenu: 'Main menu',
  loadingAuthentication: 'Loading authentication',
} as const;

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
  const { cssVar } = theme.useToken();
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Mounted from the first opening on, so that it can animate closed.
  const [drawerUsed, setDrawerUsed] = useState(false);
  // Until the breakpoints are measured (first render), assume a wide screen.
  const compact = screens.md === false;
  const onLogout = () => void leaveForLogin(signOutRequested());
  const operator = useOperatorStatus() === 'operator';
  const text = useTexts('header', HEADER_TEXT);
  const menuText = useTexts('menu', MENU_TEXT);
  const items = buildMenuItems({ status, user, onLogout, operator, text: menuText });
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
        borderBottom: `1px solid ${cssVar.colorBorderSecondary}`,
      }}
    >
      <Button
        type="text"
        onClick={() => navigate('/')}
        aria-label={text.home}
        style={{ display: 'flex', alignItems: 'center', gap: 8, height: 48, paddingInline: 4 }}
      >
        <img src={LOGO_URL} alt="" width={36} height={36} />
        <Text strong style={{ fontSize: 18, whiteSpace: 'nowrap' }}>
          {PRODUCT_NAME}
        </Text>
      </Button>
      <StatusTag tone="brand">{text.beta}</StatusTag>
      {compact ? (
        <>
          <div style={{ flex: 1 }} />
          <Button
            type="text"
            icon={<MenuOutlined />}
            aria-label={text.openMenu}
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
            aria-label={text.mainMenu}
            style={{ flex: 1, minWidth: 0, borderBottom: 'none' }}
          />
          {/* index.html hides the wide header's parts on small screens until the app runs. */}
          <div
            className="app-header-wide"
            style={{ flexShrink: 0, lineHeight: 'normal', display: 'flex', gap: 8 }}
          >
            <LanguageMenu />
            <ThemeMenu />
            <HeaderSearch />
          </div>
        </>
      )}
    </Layout.Header>
  );
}
