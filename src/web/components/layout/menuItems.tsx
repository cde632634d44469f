/**
 * The top menu of spec §2 "Shell".
 */
import type { MenuProps } from 'antd';
import { Link } from 'react-router-dom';

type MenuItem = Required<MenuProps>['items'][number];

/** Key of the Help submenu. */
export const HELP_MENU_KEY = 'help';

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

/**
 * The menu items: Pricing; Help (Documentation, FAQ, Issue, Support); Contribute; Make Money;
 * and Sign In when the visitor is known not to be signed in (the account menu comes later).
 */
export function buildMenuItems(showSignIn: boolean): MenuItem[] {
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
  if (showSignIn) items.push(linkItem('Sign In', '/login'));
  return items;
}

/** The menu keys to highlight for `pathname` (keys are the routes). */
export function selectedMenuKeys(pathname: string): string[] {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return [path];
}
