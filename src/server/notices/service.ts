/**
 * The email notices (docs/api.md "Notices"): a mail when a VPN ends on its own and a mail when a
 * balance falls below its owner's threshold, each at most once per event whatever the number of
 * service processes and however often a pass runs.
 *
 * - **VPN ended.** The metering loop tells {@link NoticesService.vpnEnded} about every VPN it
 *   ended, once its pass committed (the lifecycle's one `onEnded` hook). For a VPN that ended on
 *   its own (maxPeanuts reached, balance exhausted, deleteAfter elapsed, as `vpns.reason` says)
 *   whose owner has the notice on, one statement inserts the key `vpn-ended:<vpnId>` into
 *   `notices_sent` (ON CONFLICT DO NOTHING) and reads what the mail tells; only the caller that
 *   inserted it sends the mail.
 * - **Low balance.** A pass every {@link LOW_BALANCE_PASS_MS} (each process; tests call
 *   {@link NoticesService.lowBalancePass}) looks at the accounts with a threshold: a threshold not
 *   looked at yet is armed when the balance is at or above it (else it waits until it is), an
 *   unarmed one is armed again once the balance is back at or above it (its crossing number
 *   goes up), and an armed one whose balance is below fires: one statement disarms it (compare
 *   and set: of two processes, one wins) and inserts the key `low-balance:<sub>:<crossing>`.
 *
 * The key is written before the mail goes out, so an event is told at most once: a mail that
 * fails to send (logged without its address) is not sent again. Without a mailer (a real
 * Cognito pool and no SMTP_URL) the settings are kept and nothing is sent.
 */
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../db';
import type { Mailer, MailMessage } from '../identity/mailer';
import { balanceSql, type LedgerService } from '../ledger/service';
import { safeMessage } from '../logger';
import { serverSecret } from '../secrets';
import { isUnsubscribeSignature, NOTICE_LINK_SECRET, unsubscribeUrl } from './links';
import {
  isNaturalEnd,
  lowBalanceMail,
  NATURAL_END_REASONS,
  vpnEndedMail,
  type NoticeLinks,
  type VpnEndedFacts,
} from './mails';
import { createNoticeSettings, type NoticeSettingsService } from './settings';

/** Milliseconds between two low-balance passes of a process. */
export const LOW_BALANCE_PASS_MS = 30_000;

/** What the notices need. */
export interface NoticesOptions {
  db: Database;
  ledger: Pick<LedgerService, 'balanceNano'>;
  /** Sends the mails; none: nothing is sent (the settings are still kept). */
  mailer?: Mailer;
  /** The public origin the mails link to (PUBLIC_URL). */
  publicUrl: string;
  log: FastifyBaseLogger;
  /** Milliseconds between two low-balance passes (default {@link LOW_BALANCE_PASS_MS}). */
  lowBalancePassMs?: number;
}

/** What a `unsubscribe` call did. */
export type UnsubscribeOutcome = 'off' | 'refused';

/** A UUID as `users.sub` holds it. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The row the VPN-ended claim answers: the mail's facts and whom to send it to. */
type VpnEndedRow = Omit<VpnEndedFacts, 'balanceNano'> & { userSub: string; email: string };

/** A low-balance notice claimed by the pass. */
interface LowBalanceRow {
  userSub: string;
  email: string;
  balanceNano: number;
  thresholdNano: number;
}

/** The balance of the account `notice_settings` row `alias` belongs to (ledger/service.ts). */
const balanceOf = (alias: string) => balanceSql(sql.raw(`${alias}.user_sub`));

/** Sends the notices of every account (see the module comment). */
export class NoticesService {
  /** The settings of `GET/PATCH /v1/account/notices`. */
  readonly settings: NoticeSettingsService;
  private readonly inFlight = new Set<Promise<unknown>>();
  private timer: NodeJS.Timeout | undefined;
  private pass: Promise<unknown> | undefined;
  private key: Promise<Buffer> | undefined;
  private stopped = false;

  constructor(private readonly options: NoticesOptions) {
    this.settings = createNoticeSettings(options.db);
  }

  /** Starts the low-balance passes of this process (none without a mailer). */
  start(): void {
    if (!this.options.mailer || this.stopped) return;
    this.timer = setInterval(() => {
      if (this.pass) return;
      this.pass = this.lowBalancePass()
        .catch((error: unknown) =>
          this.options.log.error({ err: safeMessage(error) }, 'low-balance notice pass failed'),
        )
        .finally(() => {
          this.pass = undefined;
        });
    }, this.options.lowBalancePassMs ?? LOW_BALANCE_PASS_MS);
    this.timer.unref();
  }

  /** Stops the passes and waits for the notices under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.pass;
    await this.idle();
  }

  /** Resolves when every notice under way (from {@link vpnEnded}) has been sent or given up. */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  /**
   * The metering loop ended `vpnId` with `reason` (called after its commit; never throws): sends
   * its notice when it ended on its own, in the background ({@link idle} waits for it).
   */
  vpnEnded(vpnId: string, reason: string): void {
    if (!this.options.mailer || this.stopped || !isNaturalEnd(reason)) return;
    const work = this.noticeVpnEnded(vpnId)
      .catch((error: unknown) =>
        this.options.log.error({ vpnId, err: safeMessage(error) }, 'VPN-ended notice failed'),
      )
      .finally(() => this.inFlight.delete(work));
    this.inFlight.add(work);
  }

  /**
   * Sends the notice of `vpnId` when it ended on its own, its owner has the notice on and it was
   * not sent before; true when this call sent it (or tried to).
   */
  async noticeVpnEnded(vpnId: string): Promise<boolean> {
    const { db, mailer } = this.options;
    if (!mailer) return false;
    const reasons = sql.join(
      NATURAL_END_REASONS.map((reason) => sql`${reason}`),
      sql`, `,
    );
    const [row] = rowsOf<VpnEndedRow>(
      await db.execute(sql`
        WITH claimed AS (
          INSERT INTO notices_sent (key, user_sub, kind)
          SELECT 'vpn-ended:' || v.vpn_id, v.user_sub, 'vpn-ended'
          FROM vpns v
          JOIN users u ON u.sub = v.user_sub
          LEFT JOIN notice_settings n ON n.user_sub = v.user_sub
          WHERE v.vpn_id = ${vpnId} AND v.ended_at IS NOT NULL AND v.reason IN (${reasons})
            AND coalesce(n.vpn_ended, true) AND u.confirmed
          ON CONFLICT (key) DO NOTHING
          RETURNING user_sub)
        SELECT v.vpn_id AS "vpnId", v.region, r.city, r.country, v.reason,
          v.max_peanuts_nano::float8 AS "maxPeanutsNano", v.delete_after AS "deleteAfterS",
          greatest(0, extract(epoch FROM v.ended_at - v.running_at))::float8 AS "ranS",
          v.bytes::float8 AS bytes, v.consumed_nano::float8 AS "consumedNano",
          c.user_sub AS "userSub", u.email
        FROM claimed c
        JOIN vpns v ON v.vpn_id = ${vpnId}
        JOIN users u ON u.sub = c.user_sub
        JOIN regions r ON r.id = v.region`),
    );
    if (!row || !isNaturalEnd(row.reason)) return false;
    const balanceNano = await this.options.ledger.balanceNano(row.userSub);
    const links = await this.links(row.userSub, '/');
    await this.send(
      'vpn-ended',
      row.userSub,
      vpnEndedMail(row.email, { ...row, balanceNano }, links),
    );
    return true;
  }

  /**
   * One low-balance pass (see the module comment): arms the thresholds whose balance is at or
   * above them, then sends the notice of every armed one whose balance is below. Returns how
   * many notices it sent (or tried to).
   */
  async lowBalancePass(): Promise<number> {
    const { db, mailer } = this.options;
    if (!mailer) return 0;
    // Arm: a threshold not looked at yet (armed when the balance is at or above it, else it
    // waits), or one told before whose balance is back at or above it.
    await db.execute(sql`
      UPDATE notice_settings n
      SET low_balance_armed = b.balance >= n.low_balance_below_nano,
          low_balance_crossings = n.low_balance_crossings
            + CASE WHEN b.balance >= n.low_balance_below_nano THEN 1 ELSE 0 END,
          updated_at = now()
      FROM (SELECT s.user_sub, ${balanceOf('s')} AS balance FROM notice_settings s
            WHERE s.low_balance_below_nano IS NOT NULL AND s.low_balance_armed IS NOT TRUE) b
      WHERE n.user_sub = b.user_sub AND n.low_balance_below_nano IS NOT NULL
        AND (n.low_balance_armed IS NULL
             OR (n.low_balance_armed = false AND b.balance >= n.low_balance_below_nano))`);
    // Fire: disarm each armed threshold the balance is below, and claim its crossing's key.
    const fired = rowsOf<LowBalanceRow>(
      await db.execute(sql`
        WITH fired AS (
          UPDATE notice_settings n SET low_balance_armed = false, updated_at = now()
          FROM (SELECT s.user_sub, ${balanceOf('s')} AS balance FROM notice_settings s
                WHERE s.low_balance_below_nano IS NOT NULL AND s.low_balance_armed) b
          WHERE n.user_sub = b.user_sub AND n.low_balance_armed
            AND b.balance < n.low_balance_below_nano
          RETURNING n.user_sub, n.low_balance_crossings AS crossing,
            n.low_balance_below_nano AS threshold, b.balance),
        claimed AS (
          INSERT INTO notices_sent (key, user_sub, kind)
          SELECT 'low-balance:' || f.user_sub || ':' || f.crossing, f.user_sub, 'low-balance'
          FROM fired f JOIN users u ON u.sub = f.user_sub AND u.confirmed
          ON CONFLICT (key) DO NOTHING
          RETURNING user_sub)
        SELECT c.user_sub AS "userSub", u.email, f.balance::float8 AS "balanceNano",
          f.threshold::float8 AS "thresholdNano"
        FROM claimed c JOIN fired f ON f.user_sub = c.user_sub JOIN users u ON u.sub = c.user_sub`),
    );
    for (const row of fired) {
      const links = await this.links(row.userSub, '/pricing');
      await this.send('low-balance', row.userSub, lowBalanceMail(row.email, row, links));
    }
    return fired.length;
  }

  /**
   * Turns every notice of `userSub` off when `signature` is its link's (links.ts); 'refused'
   * otherwise, changing nothing. An account that no longer exists has nothing to turn off.
   */
  async unsubscribe(userSub: string, signature: string): Promise<UnsubscribeOutcome> {
    if (!(await this.isLink(userSub, signature))) return 'refused';
    await this.options.db.execute(sql`
      INSERT INTO notice_settings (user_sub, vpn_ended, low_balance_below_nano, low_balance_armed)
      SELECT sub, false, NULL, NULL FROM users WHERE sub = ${userSub}
      ON CONFLICT (user_sub) DO UPDATE SET vpn_ended = false, low_balance_below_nano = NULL,
        low_balance_armed = NULL, updated_at = now()`);
    return 'off';
  }

  /** True when `signature` is the signature of the link of `userSub` (links.ts). */
  async isLink(userSub: string, signature: string): Promise<boolean> {
    return UUID.test(userSub) && isUnsubscribeSignature(await this.linkKey(), userSub, signature);
  }

  /** The link of `userSub` that turns their notices off (links.ts). */
  async unsubscribeUrl(userSub: string): Promise<string> {
    return unsubscribeUrl(this.options.publicUrl, await this.linkKey(), userSub);
  }

  /** The key of the links (the server secret, read once). */
  private linkKey(): Promise<Buffer> {
    this.key ??= serverSecret(this.options.db, NOTICE_LINK_SECRET).catch((error: unknown) => {
      this.key = undefined;
      throw error;
    });
    return this.key;
  }

  /** The links of a notice to `userSub` whose action leads to `actionPath`. */
  private async links(userSub: string, actionPath: string): Promise<NoticeLinks> {
    const { publicUrl } = this.options;
    return {
      unsubscribeUrl: await this.unsubscribeUrl(userSub),
      accountUrl: new URL('/account', publicUrl).toString(),
      actionUrl: new URL(actionPath, publicUrl).toString(),
    };
  }

  /** Sends `mail` (a `kind` notice to `userSub`); a failure is logged without the address. */
  private async send(kind: string, userSub: string, mail: MailMessage): Promise<void> {
    try {
      await this.options.mailer?.send(mail);
      this.options.log.info({ kind, userSub }, 'notice sent');
    } catch (error) {
      this.options.log.warn({ kind, userSub, err: safeMessage(error) }, 'notice not sent');
    }
  }
}
