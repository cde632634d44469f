/**
 * Every namespace's English texts, by name (the type makes it list each namespace of
 * src/web/i18n/catalogue.ts): what the catalogue tests compare each language with.
 */
import { FOOTER_TEXT } from '../../../src/web/app/layout/AppFooter';
import { HEADER_TEXT } from '../../../src/web/app/layout/AppHeader';
import { MENU_TEXT } from '../../../src/web/app/layout/menuItems';
import { COMMON_TEXT } from '../../../src/web/components/commonText';
import { BALANCE_TEXT } from '../../../src/web/features/balance/BalanceBadge';
import { STATEMENT_TEXT } from '../../../src/web/features/balance/StatementDrawer';
import { DASHBOARD_TEXT } from '../../../src/web/features/dashboard/Dashboard';
import { LANDING_TEXT } from '../../../src/web/features/home/Landing';
import { LANGUAGE_MENU_TEXT } from '../../../src/web/features/preferences/LanguageMenu';
import { PREFERENCES_CARD_TEXT } from '../../../src/web/features/preferences/PreferencesCard';
import { THEME_TEXT } from '../../../src/web/features/preferences/ThemeMenu';
import { PACK_TEXT } from '../../../src/web/features/pricing/PackCard';
import { REGIONS_TEXT } from '../../../src/web/features/regions/regionsText';
import { SEARCH_TEXT } from '../../../src/web/features/search/searchText';
import { CONFIGURATION_TEXT } from '../../../src/web/features/vpns/ConfigurationPanel';
import { STEPS_TEXT } from '../../../src/web/features/vpns/StepsPanel';
import { USAGE_DRAWER_TEXT } from '../../../src/web/features/vpns/UsageDrawer';
import { VPN_LIST_TEXT } from '../../../src/web/features/vpns/VpnList';
import { FORECAST_TEXT } from '../../../src/web/features/vpns/forecastText';
import { ACCOUNT_TEXT } from '../../../src/web/features/auth/accountText';
import { AUTH_TEXT } from '../../../src/web/features/auth/authText';
import { ERROR_CARD_TEXT } from '../../../src/web/features/errors/ErrorCard';
import { NOTICES_TEXTS } from '../../../src/web/features/notices/NoticesCard';
import { REFERRAL_TEXT } from '../../../src/web/features/referral/referralText';
import { PAGES_TEXT } from '../../../src/web/pages/pagesText';
import { ERROR_PAGES_TEXT } from '../../../src/web/components/errors/errorText';
import { CONSOLE_TEXT as ADMINCONSOLE_TEXT } from '../../../src/web/features/admin/AdminConsole';
import { REASON_TEXT as ADMINREASON_TEXT } from '../../../src/web/features/admin/ReasonModal';
import { AUDIT_TEXT as ADMINAUDIT_TEXT } from '../../../src/web/features/admin/pages/AuditPage';
import { HOSTS_TEXT as ADMINHOSTS_TEXT } from '../../../src/web/features/admin/pages/HostsPage';
import { OVERVIEW_TEXT as ADMINOVERVIEW_TEXT } from '../../../src/web/features/admin/pages/OverviewPage';
import { PAYMENTS_TEXT as ADMINPAYMENTS_TEXT } from '../../../src/web/features/admin/pages/PaymentsPage';
import { REGIONS_TEXT as ADMINREGIONS_TEXT } from '../../../src/web/features/admin/pages/RegionsPage';
import { USER_TEXT as ADMINUSER_TEXT } from '../../../src/web/features/admin/pages/UserPage';
import { USERS_TEXT as ADMINUSERS_TEXT } from '../../../src/web/features/admin/pages/UsersPage';
import { VPNS_TEXT as ADMINVPNS_TEXT } from '../../../src/web/features/admin/pages/VpnsPage';
import { TERMS_TEXT } from '../../../src/web/pages/info/termsText';
import { CONTACT_TEXT } from '../../../src/web/pages/info/contactText';
import { PRIVACY_TEXT } from '../../../src/web/pages/info/privacyText';
import { SUPPORT_TEXT } from '../../../src/web/pages/info/supportText';
import { ISSUE_TEXT } from '../../../src/web/pages/info/issueText';
import { CONTRIBUTE_TEXT } from '../../../src/web/pages/info/contributeText';
import { MAKE_MONEY_TEXT } from '../../../src/web/pages/info/makeMoneyText';
import { REFERRAL_TERMS_TEXT } from '../../../src/web/pages/info/referralTermsText';
import type { EnglishCatalogue } from '../../../src/web/i18n/catalogue';
import { MESSAGE_TEXT } from '../../../src/web/i18n/messages';
import { DOC_TEXT } from '../../../src/web/content/docText';
import { FAQ_TEXT } from '../../../src/web/content/faqText';
import { FAQ_TECHNICAL_TEXT } from '../../../src/web/content/faqTechnicalText';
import { DOC_CLI_TEXT } from '../../../src/web/content/docCli';

/** The English catalogue. */
export const ENGLISH_CATALOGUE: EnglishCatalogue = {
  header: HEADER_TEXT,
  footer: FOOTER_TEXT,
  menu: MENU_TEXT,
  language: LANGUAGE_MENU_TEXT,
  theme: THEME_TEXT,
  search: SEARCH_TEXT,
  landing: LANDING_TEXT,
  pack: PACK_TEXT,
  regions: REGIONS_TEXT,
  messages: MESSAGE_TEXT,
  common: COMMON_TEXT,
  dashboard: DASHBOARD_TEXT,
  balance: BALANCE_TEXT,
  statement: STATEMENT_TEXT,
  steps: STEPS_TEXT,
  vpnList: VPN_LIST_TEXT,
  forecast: FORECAST_TEXT,
  configuration: CONFIGURATION_TEXT,
  usageDrawer: USAGE_DRAWER_TEXT,
  preferencesCard: PREFERENCES_CARD_TEXT,
  auth: AUTH_TEXT,
  errorCard: ERROR_CARD_TEXT,
  account: ACCOUNT_TEXT,
  notices: NOTICES_TEXTS,
  referral: REFERRAL_TEXT,
  pages: PAGES_TEXT,
  errorPages: ERROR_PAGES_TEXT,
  adminConsole: ADMINCONSOLE_TEXT,
  adminReason: ADMINREASON_TEXT,
  adminAudit: ADMINAUDIT_TEXT,
  adminHosts: ADMINHOSTS_TEXT,
  adminOverview: ADMINOVERVIEW_TEXT,
  adminPayments: ADMINPAYMENTS_TEXT,
  adminRegions: ADMINREGIONS_TEXT,
  adminUser: ADMINUSER_TEXT,
  adminUsers: ADMINUSERS_TEXT,
  adminVpns: ADMINVPNS_TEXT,
  terms: TERMS_TEXT,
  contact: CONTACT_TEXT,
  privacy: PRIVACY_TEXT,
  support: SUPPORT_TEXT,
  issue: ISSUE_TEXT,
  contribute: CONTRIBUTE_TEXT,
  makeMoney: MAKE_MONEY_TEXT,
  referralTerms: REFERRAL_TERMS_TEXT,
  doc: DOC_TEXT,
  faq: FAQ_TEXT,
  faqTechnical: FAQ_TECHNICAL_TEXT,
  docCli: DOC_CLI_TEXT,
};
