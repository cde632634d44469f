/**
 * Text messages of the identity provider: SMS MFA codes and phone number verification codes,
 * through a pluggable sender. In the embedded default they go to the local SMS outbox (table
 * `dev_sms_outbox`, read at `GET /dev/sms/<phone>`, docs/architecture.md "Fixed points"), like mail
 * goes to the local mailbox. Neither logs a code.
 */
import { desc, eq } from 'drizzle-orm';
import type { IdentityDb } from './db';
import { devSmsOutbox } from './schema';

/** A text message to send. */
export interface SmsMessage {
  /** Recipient phone number, E.164. */
  to: string;
  /** The message. */
  text: string;
  /** The code the message carries (kept in the local outbox for tests and self-hosters). */
  code: string;
}

/** A message in the local outbox, as `GET /dev/sms/<phone>` answers it. */
export interface SmsOutboxEntry extends SmsMessage {
  /** When it was sent, ISO 8601. */
  sentAt: string;
}

/** A readable outbox. */
export interface SmsOutbox {
  /** The messages sent to `phone`, newest first. */
  list(phone: string): Promise<SmsOutboxEntry[]>;
}

/** Sends text messages; `outbox` is set when they stay local (then `/dev/sms` is served). */
export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
  readonly outbox?: SmsOutbox;
}

/** The product name in messages. */
const PRODUCT = 'Peanut VPN';

/** The SMS MFA sign-in code message. */
export function mfaSms(to: string, code: string): SmsMessage {
  return { to, text: `Your ${PRODUCT} sign-in code is ${code}`, code };
}

/** The phone number verification message. */
export function verificationSms(to: string, code: string): SmsMessage {
  return { to, text: `Your ${PRODUCT} verification code is ${code}`, code };
}

/** The local SMS outbox in the database (survives restarts; shared by a fleet's processes). */
export function createDbSmsOutbox(db: IdentityDb, clock: () => number = Date.now): SmsSender {
  return {
    async send(message) {
      await db.insert(devSmsOutbox).values({
        to: message.to,
        text: message.text,
        code: message.code,
        sentAt: new Date(clock()),
      });
    },
    outbox: {
      async list(phone) {
        const rows = await db
          .select()
          .from(devSmsOutbox)
          .where(eq(devSmsOutbox.to, phone))
          .orderBy(desc(devSmsOutbox.id));
        return rows.map((row) => ({
          to: row.to,
          text: row.text,
          code: row.code,
          sentAt: row.sentAt.toISOString(),
        }));
      },
    },
  };
}
