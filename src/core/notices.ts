/**
 * A person's email notices (docs/api.md "Notices"): a mail when one of their VPNs ends on its own
 * (its maxPeanuts reached, their balance at 0, its deadline), on by default, and a mail when their
 * balance falls below a threshold they choose, off by default. Kept on the account and read and
 * changed with `GET/PATCH /v1/account/notices`; every notice mail carries a link that turns them
 * all off without signing in.
 */

/** `GET /v1/account/notices` body: every notice setting, defaults filled in. */
export interface AccountNotices {
  /** Mail when one of my VPNs ends on its own (max-peanuts, balance at 0, deadline). */
  vpnEnded: boolean;
  /**
   * Mail when my balance falls below this many peanuts (once per crossing: again only after it
   * went back to this or more); null: off.
   */
  lowBalanceBelow: number | null;
}

/** `PATCH /v1/account/notices` body: the settings to change, the others stay. */
export type AccountNoticesPatch = Partial<AccountNotices>;

/** The settings of an account that never changed them. */
export const DEFAULT_NOTICES: Readonly<AccountNotices> = Object.freeze({
  vpnEnded: true,
  lowBalanceBelow: null,
});

/** The smallest low-balance threshold, peanuts (the balance's display precision, spec §9). */
export const LOW_BALANCE_MIN = 0.01;
/** The largest low-balance threshold, peanuts. */
export const LOW_BALANCE_MAX = 1_000_000;
