/**
 * Mail of the identity provider (confirmation and password-reset codes) and of the notices
 * (notices/mails.ts). In the embedded default they go to the local mailbox (database table
 * `dev_mailbox`, read at `GET /dev/mailbox/<email>`, docs/architecture.md "Fixed points"); with
 * an SMTP URL they are sent through nodemailer. Neither logs a code.
 */
import { desc, eq } from 'drizzle-orm';
import { createTransport } from 'nodemailer';
import type { IdentityDb } from './db';
import { devMailbox } from './schema';

/** A mail to send. */
export interface MailMessage {
  /** Recipient address. */
  to: string;
  subject: string;
  /** Plain-text body. */
  text: string;
  /**
   * The code the mail carries (kept in the local mailbox for tests and self-hosters); empty for
   * a mail without one (a notice).
   */
  code: string;
  /** Extra headers of mail sent over SMTP (e.g. `List-Unsubscribe`); the local mailbox drops them. */
  headers?: Record<string, string>;
}

/** A mail in the local mailbox, as `GET /dev/mailbox/<email>` answers it. */
export interface MailboxEntry extends Omit<MailMessage, 'headers'> {
  /** When it was sent, ISO 8601. */
  sentAt: string;
}

/** A readable mailbox. */
export interface Mailbox {
  /** The mails sent to `email` (case-insensitive), newest first. */
  list(email: string): Promise<MailboxEntry[]>;
}

/** Sends mail; `mailbox` is set when mail stays local (then `/dev/mailbox` is served). */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  readonly mailbox?: Mailbox;
}

/** The product name in mails. */
const PRODUCT = 'Peanut VPN';

/** The sign-up confirmation mail. */
export function confirmationMail(to: string, code: string): MailMessage {
  return {
    to,
    subject: `Your ${PRODUCT} verification code`,
    text:
      `Welcome to ${PRODUCT}!\n\nYour verification code is ${code}\n\n` +
      'Enter it to confirm your sign-up. If you did not sign up, ignore this mail.\n',
    code,
  };
}

/** The password reset mail. */
export function resetMail(to: string, code: string): MailMessage {
  return {
    to,
    subject: `Reset your ${PRODUCT} password`,
    text:
      `Your ${PRODUCT} password reset code is ${code}\n\n` +
      'Enter it with your new password. If you did not ask for this, ignore this mail.\n',
    code,
  };
}

/** The mail proving a new (or unverified) email address of an account. */
export function attributeMail(to: string, code: string): MailMessage {
  return {
    to,
    subject: `Verify your ${PRODUCT} email address`,
    text:
      `Your ${PRODUCT} verification code is ${code}\n\n` +
      'Enter it to verify this email address for your account. If you did not ask for this, ' +
      'ignore this mail.\n',
    code,
  };
}

/** The local mailbox in the database (survives restarts; shared by the processes of a fleet). */
export function createDbMailbox(db: IdentityDb, clock: () => number = Date.now): Mailer {
  return {
    async send(message) {
      await db.insert(devMailbox).values({
        to: message.to.toLowerCase(),
        subject: message.subject,
        text: message.text,
        code: message.code,
        sentAt: new Date(clock()),
      });
    },
    mailbox: {
      async list(email) {
        const rows = await db
          .select()
          .from(devMailbox)
          .where(eq(devMailbox.to, email.toLowerCase()))
          .orderBy(desc(devMailbox.id));
        return rows.map((row) => ({
          to: row.to,
          subject: row.subject,
          text: row.text,
          code: row.code,
          sentAt: row.sentAt.toISOString(),
        }));
      },
    },
  };
}

/** What the SMTP mailer needs of a nodemailer transporter. */
export interface MailTransport {
  sendMail(mail: {
    from: string;
    to: string;
    subject: string;
    text: string;
    headers?: Record<string, string>;
  }): Promise<unknown>;
}

/** Options of `createSmtpMailer`. */
export interface SmtpMailerOptions {
  /** SMTP URL, e.g. `smtps://user:pass@smtp.example.com` (nodemailer's connection URL). */
  url?: string;
  /** Sender, e.g. `Peanut VPN <no-reply@example.com>`. */
  from: string;
  /** A ready transport instead of `url` (tests). */
  transport?: MailTransport;
}

/** Sends mail over SMTP with nodemailer; no local mailbox. */
export function createSmtpMailer(options: SmtpMailerOptions): Mailer {
  const transport: MailTransport | undefined =
    options.transport ?? (options.url ? createTransport(options.url) : undefined);
  if (!transport) throw new Error('createSmtpMailer needs an SMTP url or a transport');
  return {
    async send(message) {
      await transport.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.headers ? { headers: message.headers } : {}),
      });
    },
  };
}

/** Options of `createMailer`. */
export interface MailerOptions {
  /** The database (for the local mailbox). */
  db: IdentityDb;
  /** SMTP URL (`SMTP_URL`); unset means the local mailbox. */
  smtpUrl?: string;
  /** Sender of SMTP mail (default `Peanut VPN <no-reply@localhost>`). */
  from?: string;
  clock?: () => number;
}

/** SMTP when `smtpUrl` is set, else the local mailbox in the database. */
export function createMailer(options: MailerOptions): Mailer {
  if (options.smtpUrl) {
    return createSmtpMailer({
      url: options.smtpUrl,
      from: options.from ?? `${PRODUCT} <no-reply@localhost>`,
    });
  }
  return createDbMailbox(options.db, options.clock);
}
