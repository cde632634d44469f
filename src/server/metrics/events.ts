/**
 * What the domains tell the metrics (docs/operations.md "Metrics"): one `node:diagnostics_channel`
 * channel per event, so that a domain's call is one line and costs nothing when no metrics
 * plugin listens (metrics/service.ts subscribes). Events carry no user id, email or VPN id: the
 * metrics' labels are regions, states, reasons and kinds only.
 */
import { channel } from 'node:diagnostics_channel';

/** The events and their messages. */
interface Events {
  /** A VPN was created in `region` (spec §3). */
  vpnCreated: { region: string };
  /** A user asked to delete a VPN of `region`. */
  vpnDeleted: { region: string };
  /** The service ended a Running VPN (spec §4): balance, maxPeanuts, deleteAfter, deleted... */
  vpnEnded: { reason: string };
  /** A VPN reached Running `seconds` after it was created. */
  vpnRunning: { region: string; seconds: number };
  /** A VPN's server was deprovisioned `lagSeconds` after the VPN ended. */
  vpnTerminated: { lagSeconds: number };
  /** A metering pass over `vpns` Running VPNs took `seconds` and charged `chargedNano`. */
  meteringPass: { seconds: number; vpns: number; chargedNano: number };
  /** A ledger entry credited `amountNano` nano-peanuts of `kind` (signup_bonus, purchase...). */
  peanutsCredited: { kind: string; amountNano: number };
  /** A sign-in (`signIn`), sign-up (`signUp`) or a failed one (`outcome: 'failure'`). */
  auth: { kind: 'signIn' | 'signUp' | 'confirm'; outcome: 'success' | 'failure'; reason?: string };
}

/** The channel of each event. */
const channels = {
  vpnCreated: channel('peanut.vpn.created'),
  vpnDeleted: channel('peanut.vpn.deleted'),
  vpnEnded: channel('peanut.vpn.ended'),
  vpnRunning: channel('peanut.vpn.running'),
  vpnTerminated: channel('peanut.vpn.terminated'),
  meteringPass: channel('peanut.metering.pass'),
  peanutsCredited: channel('peanut.peanuts.credited'),
  auth: channel('peanut.auth'),
} satisfies Record<keyof Events, unknown>;

/** The identity actions the metrics count (Cognito's names), by kind. */
const AUTH_ACTIONS: Readonly<Record<string, Events['auth']['kind']>> = {
  InitiateAuth: 'signIn',
  RespondToAuthChallenge: 'signIn',
  SignUp: 'signUp',
  ConfirmSignUp: 'confirm',
};

/**
 * Tells the metrics how the identity action `action` (body `body`) went: `result` when it
 * succeeded, else the Cognito error type `errorType` (a bounded set of names). A sign-in counts
 * once it gives tokens (not at each challenge step); token refreshes are not sign-ins.
 */
export function recordIdentityAction(
  action: string,
  body: Readonly<Record<string, unknown>>,
  result: unknown,
  errorType?: string,
): void {
  const kind = AUTH_ACTIONS[action];
  if (kind === undefined || body.AuthFlow === 'REFRESH_TOKEN_AUTH') return;
  if (errorType !== undefined) {
    recordEvent('auth', { kind, outcome: 'failure', reason: errorType });
  } else if (
    kind !== 'signIn' ||
    (result as { AuthenticationResult?: unknown } | undefined)?.AuthenticationResult
  ) {
    recordEvent('auth', { kind, outcome: 'success' });
  }
}

/** An event's name. */
export type MetricEvent = keyof Events;

/** Tells the metrics (when any listens) that `event` happened. */
export function recordEvent<E extends MetricEvent>(event: E, message: Events[E]): void {
  const target = channels[event];
  if (target.hasSubscribers) target.publish(message);
}

/**
 * Calls `listener` on every `event` until the returned function is called (metrics/service.ts).
 */
export function onEvent<E extends MetricEvent>(
  event: E,
  listener: (message: Events[E]) => void,
): () => void {
  const target = channels[event];
  const handler = (message: unknown): void => listener(message as Events[E]);
  target.subscribe(handler);
  return () => target.unsubscribe(handler);
}
