/**
 * The notice mails (docs/api.md "Notices"), plain English text built from typed facts: a VPN that
 * ended on its own (its id, region, why, how long it ran, what it carried and was charged) and a
 * balance below its owner's threshold. Every one ends with the link that turns the notices off
 * without signing in (links.ts), also given as `List-Unsubscribe` headers (RFC 8058 one-click)
 * for mail sent over SMTP. No secret goes in a mail: the link's signature only turns notices off.
 */
import { formatDuration, formatMiB, formatPeanuts } from '../../core/format';
import { floorPeanuts, fromNano } from '../../core/peanuts';
import type { MailMessage } from '../identity/mailer';
import { END_REASONS, type EndReason } from '../vpns/metering';

/** The reasons a VPN ends on its own (spec §4), those a notice is sent for. */
export const NATURAL_END_REASONS: readonly EndReason[] = [
  END_REASONS.maxPeanuts,
  END_REASONS.balance,
  END_REASONS.deleteAfter,
];

/** True when `reason` (a `vpns.reason`) is one a VPN ends with on its own. */
export function isNaturalEnd(reason: string | null | undefined): reason is EndReason {
  return (NATURAL_END_REASONS as readonly (string | null | undefined)[]).includes(reason);
}

/** The texts of the mails, in one place (translated later, if ever). */
export const NOTICE_TEXTS = {
  product: 'Peanut VPN',
  vpnEndedSubject: (place: string, why: string) => `Your VPN in ${place} has ended: ${why}`,
  /** Short reasons for the subject line. */
  shortReasons: {
    [END_REASONS.maxPeanuts]: 'peanut limit reached',
    [END_REASONS.balance]: 'balance at 0',
    [END_REASONS.deleteAfter]: 'time is up',
  } as Record<string, string>,
  lowBalanceSubject: (threshold: string) => `Your Peanut VPN balance is below ${threshold} peanuts`,
  footer: (unsubscribeUrl: string, accountUrl: string) =>
    '--\nYou get this mail because email notices are on for your Peanut VPN account.\n' +
    `Turn them off (no sign-in needed): ${unsubscribeUrl}\n` +
    `Or choose which ones you get on your Account page: ${accountUrl}\n`,
} as const;

/** A VPN that ended on its own, as its notice tells it. */
export interface VpnEndedFacts {
  vpnId: string;
  /** Region code, e.g. `eu-west-3`. */
  region: string;
  /** The region's city and country, e.g. `Paris` and `France`. */
  city: string;
  country: string;
  reason: EndReason;
  /** Its maxPeanuts, nano-peanuts; null: unlimited. */
  maxPeanutsNano: number | null;
  /** Its deleteAfter, seconds. */
  deleteAfterS: number;
  /** How long it ran, seconds. */
  ranS: number;
  /** Bytes it carried, both directions. */
  bytes: number;
  /** What it was charged in all, nano-peanuts. */
  consumedNano: number;
  /** The owner's balance after it, nano-peanuts. */
  balanceNano: number;
}

/** The links of a notice: turn notices off, and the Account page. */
export interface NoticeLinks {
  unsubscribeUrl: string;
  accountUrl: string;
  /** The page to start again from (the dashboard), or to buy peanuts (pricing). */
  actionUrl: string;
}

/** `2.5e9` nano-peanuts -> `2.50 peanuts`. */
function peanutsText(nano: number): string {
  return `${formatPeanuts(fromNano(nano))} peanuts`;
}

/** A balance as a person can spend it: rounded down to 2 decimals, e.g. `7.99 peanuts`. */
function balanceText(nano: number): string {
  return `${floorPeanuts(fromNano(nano)).toFixed(2)} peanuts`;
}

/** Why the VPN ended, in a sentence's words. */
function reasonText(facts: VpnEndedFacts): string {
  switch (facts.reason) {
    case END_REASONS.maxPeanuts:
      return facts.maxPeanutsNano === null
        ? 'it reached its peanut limit'
        : `it reached its peanut limit (maxPeanuts: ${peanutsText(facts.maxPeanutsNano)})`;
    case END_REASONS.balance:
      return 'your peanut balance reached 0';
    default:
      return `its time was up (deleteAfter: ${formatDuration(facts.deleteAfterS)})`;
  }
}

/** The headers of a notice sent over SMTP: one-click unsubscribe (RFC 8058). */
function unsubscribeHeaders(url: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${url}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

/** The mail telling `to` that a VPN of theirs ended on its own. */
export function vpnEndedMail(to: string, facts: VpnEndedFacts, links: NoticeLinks): MailMessage {
  const place = `${facts.city} (${facts.region})`;
  const text =
    'Hello,\n\n' +
    `Your Peanut VPN ${facts.vpnId} in ${facts.city}, ${facts.country} (${facts.region}) ` +
    `has ended on its own: ${reasonText(facts)}.\n\n` +
    `It ran for ${formatDuration(facts.ranS)}, carried ${formatMiB(facts.bytes)} ` +
    `and was charged ${peanutsText(facts.consumedNano)} in all.\n` +
    `Your balance is now ${balanceText(facts.balanceNano)}.\n\n` +
    'Its server and keys are deleted. To go on, create a new VPN: ' +
    `${links.actionUrl}\n\n` +
    NOTICE_TEXTS.footer(links.unsubscribeUrl, links.accountUrl);
  return {
    to,
    subject: NOTICE_TEXTS.vpnEndedSubject(place, NOTICE_TEXTS.shortReasons[facts.reason]),
    text,
    code: '',
    headers: unsubscribeHeaders(links.unsubscribeUrl),
  };
}

/** A balance below its owner's threshold, as its notice tells it. */
export interface LowBalanceFacts {
  /** The balance now, nano-peanuts. */
  balanceNano: number;
  /** The threshold, nano-peanuts. */
  thresholdNano: number;
}

/** The mail telling `to` that their balance fell below their threshold. */
export function lowBalanceMail(
  to: string,
  facts: LowBalanceFacts,
  links: NoticeLinks,
): MailMessage {
  const threshold = formatPeanuts(fromNano(facts.thresholdNano));
  const text =
    'Hello,\n\n' +
    `Your Peanut VPN balance is ${balanceText(facts.balanceNano)}, below the ${threshold} ` +
    'peanuts you asked to be told about.\n' +
    'Your running VPNs stop when it reaches 0. You can buy peanuts here: ' +
    `${links.actionUrl}\n\n` +
    `We tell you again only after your balance is back at ${threshold} peanuts or more and ` +
    'falls below it again.\n\n' +
    NOTICE_TEXTS.footer(links.unsubscribeUrl, links.accountUrl);
  return {
    to,
    subject: NOTICE_TEXTS.lowBalanceSubject(threshold),
    text,
    code: '',
    headers: unsubscribeHeaders(links.unsubscribeUrl),
  };
}
