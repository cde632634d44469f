/**
 * `peanut admin ...`: the operators' commands (docs/operator-console.md "CLI"), kept off the
 * public /doc-cli. `users <email>` lists by email prefix; the commands that change an account
 * (`adjust`, `disable`, `enable`) act only on an exact, unique email match. Every command takes
 * `--json`. An adjustment carries an idempotency key (`--idempotency-key`, else a new one), so a
 * retried request never credits twice.
 */
import { randomUUID } from 'node:crypto';
import type { Command } from 'commander';
import { formatPeanuts } from '../../core/format';
import {
  adjustPeanuts,
  listHosts,
  searchUsers,
  setHostDrained,
  setUserDisabled,
  type AdminAccount,
} from '../../sdk/admin';
import type { HttpClient } from '../../sdk/http';
import { declareCommand, examples, parseNumber, type Action, type Define } from '../command';
import type { CommandContext } from '../context';
import { CliError } from '../errors';
import { table } from '../output';

/** The message when no account, or more than one, has exactly `email`. */
export function noExactAccountMessage(email: string): string {
  return `No account has exactly the email ${email} (peanut admin users <prefix> lists them)`;
}

/** The account whose email is exactly `email` (case-insensitive). @throws CliError */
async function exactAccount(http: HttpClient, email: string): Promise<AdminAccount> {
  const wanted = email.trim().toLowerCase();
  const page = await searchUsers(http, wanted, { limit: 100 });
  const matches = page.users.filter((user) => user.email === wanted);
  if (matches.length !== 1) throw new CliError(noExactAccountMessage(email));
  return matches[0];
}

/** The state of an account in words. */
function accountState(account: AdminAccount): string {
  return [
    account.confirmed ? 'confirmed' : 'unconfirmed',
    ...(account.disabled ? ['disabled'] : []),
    ...(account.mfaEnabled ? ['mfa'] : []),
  ].join(',');
}

/** `peanut admin users <email>`. */
export async function runUsers(options: { email: string }, ctx: CommandContext): Promise<void> {
  const page = await searchUsers(await ctx.api(), options.email, { limit: 100 });
  ctx.output(page.users, () =>
    table(
      ['EMAIL', 'SUB', 'CREATED', 'STATE', 'BALANCE'],
      page.users.map((user) => [
        user.email,
        user.sub,
        user.createdAt,
        accountState(user),
        formatPeanuts(user.balance),
      ]),
    ).forEach((line) => ctx.io.stdout(line)),
  );
}

/** Options of `peanut admin adjust`. */
export interface AdjustOptions {
  email: string;
  peanuts: number;
  reason: string;
  idempotencyKey: string;
}

/** `peanut admin adjust <email> <peanuts> --reason <text>`. */
export async function runAdjust(options: AdjustOptions, ctx: CommandContext): Promise<void> {
  const http = await ctx.api();
  const account = await exactAccount(http, options.email);
  const result = await adjustPeanuts(http, account.sub, {
    peanuts: options.peanuts,
    reason: options.reason,
    idempotencyKey: options.idempotencyKey,
  });
  ctx.output(result, () =>
    ctx.io.stdout(
      `Adjusted ${account.email} by ${formatPeanuts(options.peanuts)} peanuts: balance ${formatPeanuts(result.balance)} peanuts (audit entry ${result.audit.id})`,
    ),
  );
}

/** `peanut admin disable|enable <email> --reason <text>`. */
export async function runSetDisabled(
  options: { email: string; disabled: boolean; reason: string },
  ctx: CommandContext,
): Promise<void> {
  const http = await ctx.api();
  const account = await exactAccount(http, options.email);
  const result = await setUserDisabled(http, account.sub, options.disabled, options.reason);
  ctx.output(result, () => {
    const state = options.disabled ? 'disabled' : 'enabled';
    ctx.io.stdout(
      result.audit
        ? `${account.email} is ${state}${result.endedVpns.length > 0 ? `; VPNs ended: ${result.endedVpns.join(', ')}` : ''}`
        : `${account.email} was already ${state}`,
    );
  });
}

/** `peanut admin hosts`. */
export async function runHosts(_options: Record<string, never>, ctx: CommandContext) {
  const hosts = await listHosts(await ctx.api());
  ctx.output(hosts, () =>
    table(
      ['HOST', 'REGIONS', 'STATE', 'LAST HEARTBEAT', 'CAPACITY', 'LIVE', 'FAULTS'],
      hosts.map((host) => [
        host.hostId,
        host.regions.join(','),
        host.drained ? `${host.state},drained` : host.state,
        host.lastSeenAt,
        String(host.capacity),
        String(host.liveVpns),
        String(host.faults.count),
      ]),
    ).forEach((line) => ctx.io.stdout(line)),
  );
}

/** `peanut admin drain|undrain <id>`. */
export async function runDrain(
  options: { hostId: string; drained: boolean },
  ctx: CommandContext,
): Promise<void> {
  const result = await setHostDrained(await ctx.api(), options.hostId, options.drained);
  ctx.output(result, () =>
    ctx.io.stdout(
      `${options.hostId} ${result.audit ? 'is' : 'was already'} ${options.drained ? 'drained' : 'undrained'}`,
    ),
  );
}

const REASON = [
  '-r, --reason <text>',
  'the reason, kept in the audit log (1-500 characters)',
] as const;

/** Declares the account subcommands of `admin`. */
function defineAccountCommands(admin: Command, action: Action): void {
  admin
    .command('users')
    .description('list the accounts whose email starts with <email> (or whose sub it is)')
    .argument('<email>', 'an email prefix or a sub')
    .action((email: string, _opts, command: Command) => action(runUsers, { email }, command));
  admin
    .command('adjust')
    .description('credit (positive) or debit (negative) peanuts to the account of exactly <email>')
    .argument('<email>', 'the exact email of the account')
    .argument('<peanuts>', 'peanuts, negative to debit (never below a balance of 0)', parseNumber)
    .requiredOption(...REASON)
    .option(
      '--idempotency-key <key>',
      'reuse to retry the same adjustment safely (default: a new one)',
    )
    .action(
      (
        email: string,
        peanuts: number,
        opts: { reason: string; idempotencyKey?: string },
        command: Command,
      ) =>
        action(
          runAdjust,
          {
            email,
            peanuts,
            reason: opts.reason,
            idempotencyKey: opts.idempotencyKey ?? randomUUID(),
          },
          command,
        ),
    );
  for (const disabled of [true, false]) {
    admin
      .command(disabled ? 'disable' : 'enable')
      .description(
        disabled
          ? 'disable the account of exactly <email>: no sign-in, its tokens refused, its VPNs ended'
          : 'enable the account of exactly <email> again',
      )
      .argument('<email>', 'the exact email of the account')
      .requiredOption(...REASON)
      .action((email: string, opts: { reason: string }, command: Command) =>
        action(runSetDisabled, { email, disabled, reason: opts.reason }, command),
      );
  }
}

/** Declares `peanut admin` and its subcommands. */
export const defineAdmin: Define = (program, action) => {
  const admin = declareCommand(program, 'admin').addHelpText(
    'after',
    examples(
      'peanut admin users alice@',
      'peanut admin adjust alice@example.com 3 --reason "VPN in Tokyo never connected"',
      'peanut admin disable mallory@example.com --reason "card testing"',
      'peanut admin hosts --json',
      'peanut admin drain host-par-1',
    ),
  );
  defineAccountCommands(admin, action);
  admin
    .command('hosts')
    .description('list the VPN hosts: state, last heartbeat, capacity, live VPNs, faults')
    .action((_opts, command: Command) => action(runHosts, {}, command));
  for (const drained of [true, false]) {
    admin
      .command(drained ? 'drain' : 'undrain')
      .description(drained ? 'drain a host: it takes no new VPN' : 'undrain a host')
      .argument('<id>', 'the host id')
      .action((hostId: string, _opts, command: Command) =>
        action(runDrain, { hostId, drained }, command),
      );
  }
};
