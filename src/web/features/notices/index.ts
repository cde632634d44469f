/** The email notices feature's public API: the Account page's card. */
export { NoticesCard, NOTICES_TEXTS } from './NoticesCard';
