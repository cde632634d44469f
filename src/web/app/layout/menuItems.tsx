/**
 * The top menu of spec §2 "Shell".
 */
import type { MenuProps } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import type { AuthStatus } from '../../features/auth/authSlice';
import { accountLabel, type AuthUser } from '../../features/auth/authUser';
import type { Texts } from '../../i18n/translator';

type MenuItem = Required<MenuProps>['items'][number];

/**
 * The account entry's label: a long email is cut with an ellipsis (its whole text stays the
 * entry's accessible name and tooltip), so the entry keeps its place in the header beside the
 * theme picker and the search instead of folding into the menu's overflow.
 */
const ACCOUNT_LABEL_STYLE = {
  display: 'inline-block',
  maxWidth: 160,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  verticalAlign: 'bottom',
} as const;

/** Key of the Help submenu. */
export const HELP_MENU_KEY = 'help';
/** Key of the signed-in account submenu. */
export const ACCOUNT_MENU_KEY = 'account';
/** Key of the account menu's Logout entry. */
export const LOGOUT_KEY = 'logout';

/** The menu's texts (English; namespace `menu`). */
export const MENU_TEXT = {
  pricing: 'Pricing',
  help: 'Help',
  documentation: 'Documentation',
  faq: 'FAQ',
  issue: 'Issue',
  support: 'Support',
  contribute: 'Contribute',
  makeMoney: 'Make Money',
  signIn: 'Sign In',
  admin: 'Admin',
  account: 'Account',
  accountSettings: 'Account Settings',
  referralProgram: 'Referral Program',
  passwordChange: 'Password Change',
  logout: 'Logout',
  deleteAccount: 'Delete Your Account',
} as const;

/** The menu's texts in the language in force. */
export type MenuText = Texts<typeof MENU_TEXT>;

/** The Help submenu's entries: label (a key of {@link MENU_TEXT}) and route. */
export const HELP_LINKS = [
  { label: 'documentation', to: '/doc' },
  { label: 'faq', to: '/faq' },
  { label: 'issue', to: '/issue' },
  { label: 'support', to: '/support' },
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
  /** True for an operator: the Admin entry (docs/operator-console.md). */
  operator?: boolean;
  /** The texts (default English). */
  text?: MenuText;
}

/**
 * The account submenu (spec §2): labelled by email, else phone, else username, else 'Account';
 * Account Settings, Referral Program, Password Change, Logout, Delete Your Account.
 */
export function accountMenuItem(
  user: AuthUser | null,
  onLogout?: () => void,
  text: MenuText = MENU_TEXT,
): MenuItem {
  const label = accountLabel(user, text.account);
  return {
    key: ACCOUNT_MENU_KEY,
    label: (
      <span style={ACCOUNT_LABEL_STYLE} title={label}>
        {label}
      </span>
    ),
    icon: <UserOutlined />,
    children: [
      linkItem(text.accountSettings, '/account'),
      linkItem(text.referralProgram, '/referral'),
      linkItem(text.passwordChange, '/password'),
      { key: LOGOUT_KEY, label: text.logout, onClick: () => onLogout?.() },
      linkItem(text.deleteAccount, '/unregister'),
    ],
  };
}

/**
 * The menu items: Pricing; Help (Documentation, FAQ, Issue, Support); Contribute; Make Money;
 * then Sign In when the visitor is known not to be signed in, the account menu when signed in
 * (nothing while configuring).
 */
export function buildMenuItems(auth: MenuAuth): MenuItem[] {
  const text = auth.text ?? MENU_TEXT;
  const items: MenuItem[] = [
    linkItem(text.pricing, '/pricing'),
    {
      key: HELP_MENU_KEY,
      label: text.help,
      children: HELP_LINKS.map(({ label, to }) => linkItem(text[label], to)),
    },
    linkItem(text.contribute, '/contribute'),
    linkItem(text.makeMoney, '/makemoney'),
  ];
  if (auth.status === 'unauthenticated') items.push(linkItem(text.signIn, '/login'));
  if (auth.status === 'authenticated' && auth.operator) {
    items.push(linkItem(text.admin, '/admin'));
  }
  if (auth.status === 'authenticated') {
    items.push(accountMenuItem(auth.user, auth.onLogout, text));
  }
  return items;
}

/** The menu keys to highlight for `pathname` (keys are the routes). */
export function selectedMenuKeys(pathname: string): string[] {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  // Every page of the operator console lights the Admin entry.
  return [path.startsWith('/admin/') ? '/admin' : path];
}
