/**
 * The catalogue's shape (docs/languages.md): one namespace per English text constant, which
 * stays beside its component (bundled with it: English loads no catalogue). A language's
 * catalogue (locales/<code>.ts) must give every text of every namespace: the type checker
 * refuses a missing or unknown one. Only types are imported here, so no component's code
 * joins a catalogue's chunk.
 */
import type { Locale as AntdLocale } from 'antd/es/locale';
import type { HEADER_TEXT } from '../app/layout/AppHeader';
import type { FOOTER_TEXT } from '../app/layout/AppFooter';
import type { MENU_TEXT } from '../app/layout/menuItems';
import type { LANGUAGE_MENU_TEXT } from '../features/preferences/LanguageMenu';
import type { THEME_TEXT } from '../features/preferences/ThemeMenu';
import type { SEARCH_TEXT } from '../features/search/searchText';
import type { LANDING_TEXT } from '../features/home/Landing';
import type { PACK_TEXT } from '../features/pricing/PackCard';
import type { REGIONS_TEXT } from '../features/regions/regionsText';
import type { COMMON_TEXT } from '../components/commonText';
import type { DASHBOARD_TEXT } from '../features/dashboard/Dashboard';
import type { BALANCE_TEXT } from '../features/balance/BalanceBadge';
import type { STATEMENT_TEXT } from '../features/balance/StatementDrawer';
import type { STEPS_TEXT } from '../features/vpns/StepsPanel';
import type { VPN_LIST_TEXT } from '../features/vpns/VpnList';
import type { FORECAST_TEXT } from '../features/vpns/forecastText';
import type { CONFIGURATION_TEXT } from '../features/vpns/ConfigurationPanel';
import type { USAGE_DRAWER_TEXT } from '../features/vpns/UsageDrawer';
import type { PREFERENCES_CARD_TEXT } from '../features/preferences/PreferencesCard';
import type { AUTH_TEXT } from '../features/auth/authText';
import type { ACCOUNT_TEXT } from '../features/auth/accountText';
import type { NOTICES_TEXTS } from '../features/notices/NoticesCard';
import type { REFERRAL_TEXT } from '../features/referral/referralText';
import type { PAGES_TEXT } from '../pages/pagesText';
import type { ERROR_PAGES_TEXT } from '../components/errors/errorText';
import type { ERROR_CARD_TEXT } from '../features/errors/ErrorCard';
import type { CONSOLE_TEXT as ADMINCONSOLE_TEXT } from '../features/admin/AdminConsole';
import type { REASON_TEXT as ADMINREASON_TEXT } from '../features/admin/ReasonModal';
import type { AUDIT_TEXT as ADMINAUDIT_TEXT } from '../features/admin/pages/AuditPage';
import type { HOSTS_TEXT as ADMINHOSTS_TEXT } from '../features/admin/pages/HostsPage';
import type { OVERVIEW_TEXT as ADMINOVERVIEW_TEXT } from '../features/admin/pages/OverviewPage';
import type { PAYMENTS_TEXT as ADMINPAYMENTS_TEXT } from '../features/admin/pages/PaymentsPage';
import type { REGIONS_TEXT as ADMINREGIONS_TEXT } from '../features/admin/pages/RegionsPage';
import type { USER_TEXT as ADMINUSER_TEXT } from '../features/admin/pages/UserPage';
import type { USERS_TEXT as ADMINUSERS_TEXT } from '../features/admin/pages/UsersPage';
import type { VPNS_TEXT as ADMINVPNS_TEXT } from '../features/admin/pages/VpnsPage';
import type { TERMS_TEXT } from '../pages/info/termsText';
import type { CONTACT_TEXT } from '../pages/info/contactText';
import type { PRIVACY_TEXT } from '../pages/info/privacyText';
import type { SUPPORT_TEXT } from '../pages/info/supportText';
import type { ISSUE_TEXT } from '../pages/info/issueText';
import type { CONTRIBUTE_TEXT } from '../pages/info/contributeText';
import type { MAKE_MONEY_TEXT } from '../pages/info/makeMoneyText';
import type { REFERRAL_TERMS_TEXT } from '../pages/info/referralTermsText';
import type { MESSAGE_TEXT } from './messages';
import type { DOC_TEXT } from '../content/docText';
import type { FAQ_TEXT } from '../content/faqText';
import type { FAQ_TECHNICAL_TEXT } from '../content/faqTechnicalText';
import type { DOC_CLI_TEXT } from '../content/docCli';

/** The English texts of each namespace (their constants' types). */
export interface EnglishCatalogue {
  header: typeof HEADER_TEXT;
  footer: typeof FOOTER_TEXT;
  menu: typeof MENU_TEXT;
  language: typeof LANGUAGE_MENU_TEXT;
  theme: typeof THEME_TEXT;
  search: typeof SEARCH_TEXT;
  landing: typeof LANDING_TEXT;
  pack: typeof PACK_TEXT;
  regions: typeof REGIONS_TEXT;
  messages: typeof MESSAGE_TEXT;
  common: typeof COMMON_TEXT;
  dashboard: typeof DASHBOARD_TEXT;
  balance: typeof BALANCE_TEXT;
  statement: typeof STATEMENT_TEXT;
  steps: typeof STEPS_TEXT;
  vpnList: typeof VPN_LIST_TEXT;
  forecast: typeof FORECAST_TEXT;
  configuration: typeof CONFIGURATION_TEXT;
  usageDrawer: typeof USAGE_DRAWER_TEXT;
  preferencesCard: typeof PREFERENCES_CARD_TEXT;
  auth: typeof AUTH_TEXT;
  errorCard: typeof ERROR_CARD_TEXT;
  account: typeof ACCOUNT_TEXT;
  notices: typeof NOTICES_TEXTS;
  referral: typeof REFERRAL_TEXT;
  pages: typeof PAGES_TEXT;
  errorPages: typeof ERROR_PAGES_TEXT;
  adminConsole: typeof ADMINCONSOLE_TEXT;
  adminReason: typeof ADMINREASON_TEXT;
  adminAudit: typeof ADMINAUDIT_TEXT;
  adminHosts: typeof ADMINHOSTS_TEXT;
  adminOverview: typeof ADMINOVERVIEW_TEXT;
  adminPayments: typeof ADMINPAYMENTS_TEXT;
  adminRegions: typeof ADMINREGIONS_TEXT;
  adminUser: typeof ADMINUSER_TEXT;
  adminUsers: typeof ADMINUSERS_TEXT;
  adminVpns: typeof ADMINVPNS_TEXT;
  terms: typeof TERMS_TEXT;
  contact: typeof CONTACT_TEXT;
  privacy: typeof PRIVACY_TEXT;
  support: typeof SUPPORT_TEXT;
  issue: typeof ISSUE_TEXT;
  contribute: typeof CONTRIBUTE_TEXT;
  makeMoney: typeof MAKE_MONEY_TEXT;
  referralTerms: typeof REFERRAL_TERMS_TEXT;
  doc: typeof DOC_TEXT;
  faq: typeof FAQ_TEXT;
  faqTechnical: typeof FAQ_TECHNICAL_TEXT;
  docCli: typeof DOC_CLI_TEXT;
}

/** A namespace of texts. */
export type Namespace = keyof EnglishCatalogue;

/** The same keys as `T`, each text a translation. */
export type Translated<T> = {
  readonly [K in keyof T]: T[K] extends string ? string : Translated<T[K]>;
};

/** A language's catalogue: every namespace, every text. */
export type Catalogue = { readonly [NS in Namespace]: Translated<EnglishCatalogue[NS]> };

/** What a locale chunk (locales/<code>.ts) exports by default. */
export interface LocaleModule {
  /** The texts. */
  catalogue: Catalogue;
  /** antd's own locale of the language. */
  antd: AntdLocale;
}
