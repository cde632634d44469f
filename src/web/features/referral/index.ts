/** The referral feature's public API: the pending referral code and its error-card endpoints. */
export { REFERRAL_LOCAL_ERROR_ENDPOINTS } from './localErrorEndpoints';
export { readPendingCode } from './pendingCode';
