/**
 * The top menu of spec §2 "Shell".
 */
import type { MenuProps } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import type { AuthStatus } from '../../features/auth/authSlice';
import { accountLabel, type AuthUser } from '../../features/auth/authUser';

type MenuItem = Required<MenuProps>['items'][number];

/** Key of the Help submenu. */
export const HELP_MENU_KEY = 'help';
/** Key of the signed-in account submenu. */
export const ACCOUNT_MENU_KEY = 'account';
/** Key of the account menu's Logout entry. */
export const LOGOUT_KEY = 'logout';

/** The Help submenu's entries: label and route. */
export const HELP_LINKS = [
  { label: 'Documentation', to: '/doc' },
  { label: 'FAQ', to: '/faq' },
  { label: 'Issue', to: '/issue' },
  { label: 'Support', to: '/support' },
] as const;

function linkItem(label: string, to: string): MenuItem {
  return { key: to, label: <Link to={to}>{label}</Link> };
}

/** What the menu shows for authentication. */
export interface MenuAuth {
  status: AuthStatus;
  user: AuthUser | null;
  /** Logout: signs out and goes to /login. */
  onLogout?: () => void;
}

/**
 * The account submenu (spec §2): labelled by email, else phone, else username, else 'Account';
 * Account Settings, Referral Program, Password Change, Logout, Delete Your Account.
 */
export function accountMenuItem(user: AuthUser | null, onLogout?: () => void): MenuItem {
  return {
    key: ACCOUNT_MENU_KEY,
    label: accountLabel(user),
    icon: <UserOutlined />,
    children: [
      linkItem('Account Settings', '/account'),
      linkItem('Referral Program', '/referral'),
      linkItem('Password Change', '/password'),
      { key: LOGOUT_KEY, label: 'Logout', onClick: () => onLogout?.() },
      linkItem('Delete Your Account', '/unregister'),
    ],
  };
}

/**
 * The menu items: Pricing; Help (Documentation, FAQ, Issue, Support); Contribute; Make Money;
 * then Sign In when the visitor is known not to be signed in, the account menu when signed in
 * (nothing while configuring).
 */
export function buildMenuItems(auth: MenuAuth): MenuItem[] {
  const items: MenuItem[] = [
    linkItem('Pricing', '/pricing'),
    {
      key: HELP_MENU_KEY,
      label: 'Help',
      children: HELP_LINKS.map(({ label, to }) => linkItem(label, to)),
    },
    linkItem('Contribute', '/contribute'),
    linkItem('Make Money', '/makemoney'),
  ];
  if (auth.status === 'unauthenticated') items.push(linkItem('Sign In', '/login'));
  if (auth.status === 'authenticated') items.push(accountMenuItem(auth.user, auth.onLogout));
  return items;
}

/** The menu keys to highlight for `pathname` (keys are the routes). */
export function selectedMenuKeys(pathname: string): string[] {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return [path];
}
