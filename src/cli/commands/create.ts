/**
 * `peanut create --region <region> [--max-peanuts <n>] [--delete-after <seconds>] [--sync]`:
 * creates a VPN (spec §2 /doc-cli step 4, "Create flow"; spec §5 rules checked first).
 */
import type { Command } from 'commander';
import { limitsFromIdToken } from '../../core/limits';
import { effectiveMaxPeanuts } from '../../core/vpnPanel';
import { validateCreateVpn } from '../../core/vpnValidation';
import { WIREGUARD } from '../../core/vpn';
import { listRegions } from '../../sdk/publicApi';
import { createVpn, getBalance, getVpn } from '../../sdk/vpns';
import { waitForState } from '../../sdk/waitForState';
import {
  examples,
  parseInteger,
  parseNumber,
  waitOptionsOf,
  withWaitOptions,
  type Define,
  type WaitFlags,
  type WaitOptions,
  declareCommand,
} from '../command';
import type { CommandContext } from '../context';
import { CliError } from '../errors';
import { vpnDetails } from '../output';
import { startProgress } from '../progress';

/** Options of `peanut create`; with `sync`, it waits until the VPN is Running. */
export interface CreateOptions extends WaitOptions {
  /** Region id, e.g. `eu-west-3`. */
  region: string;
  /** Peanuts the VPN is given; 0 (the default) means as the dashboard's slider at 0 does. */
  maxPeanuts: number;
  /** Seconds after which the VPN is deleted; default the maximum limit. */
  deleteAfter?: number;
}

/** Declares `peanut create`. */
export const defineCreate: Define = (program, action) => {
  const command = declareCommand(program, 'create')
    .requiredOption('-r, --region <region>', 'region id, e.g. eu-west-3 (see list-regions)')
    .option(
      '-m, --max-peanuts <n>',
      'peanuts the VPN may consume; 0 means all your peanuts up to the maximum limit',
      parseNumber,
      0,
    )
    .option(
      '-d, --delete-after <seconds>',
      'seconds after which the VPN is deleted (default: the maximum limit)',
      parseInteger,
    );
  withWaitOptions(command, 'wait until the VPN is Running (takes several minutes)')
    .addHelpText(
      'after',
      examples(
        'peanut create --region eu-west-3',
        'peanut create --region eu-west-3 --max-peanuts 5 --delete-after 3600 --sync',
        'peanut create --region eu-west-3 --json | jq -r .vpn.vpnId',
      ),
    )
    .action(
      (
        opts: { region: string; maxPeanuts: number; deleteAfter?: number } & WaitFlags,
        parsed: Command,
      ) =>
        action(
          runCreate,
          {
            region: opts.region,
            maxPeanuts: opts.maxPeanuts,
            deleteAfter: opts.deleteAfter,
            ...waitOptionsOf(opts),
          },
          parsed,
        ),
    );
};

/**
 * Checks the request against the regions, the balance and the id token's limits (spec §5, the
 * server checking again), creates the VPN and, with `sync`, waits for Running with a spinner on
 * a terminal. Prints the VPN.
 * @throws NotSignedInError (exit 4); InvalidRegionError "Incorrect region: '{region}'",
 *   InvalidVpnConfigError and the peanut/deleteAfter errors of spec §8; VpnCreationError;
 *   WaitTimeoutError 'Timeout {n} expires!'; CliError when the VPN ends other than Running.
 */
export async function runCreate(options: CreateOptions, ctx: CommandContext): Promise<void> {
  const session = await ctx.requireSession();
  const api = await ctx.api();
  const [regions, { balance }] = await Promise.all([listRegions(api), getBalance(api)]);
  const limits = limitsFromIdToken(session.idToken);
  const maxPeanuts = effectiveMaxPeanuts(
    options.maxPeanuts,
    balance,
    limits.maxPeanutsFieldMaxValue,
  );
  const valid = validateCreateVpn(
    {
      region: options.region,
      config: { type: WIREGUARD, maxPeanuts, deleteAfter: options.deleteAfter },
    },
    { balance, limits, regions, activeVpnCount: 0, quota: Infinity },
  );
  let item = await createVpn(api, {
    region: valid.region,
    config: { type: WIREGUARD, maxPeanuts, deleteAfter: valid.config.deleteAfter },
  });
  if (options.sync) {
    const progress = await startProgress(ctx.io, `Creating ${item.vpn.vpnId}`);
    try {
      item = await waitForState((signal) => getVpn(api, item.vpn.vpnId, { signal }), 'Running', {
        intervalMs: options.intervalS * 1000,
        timeoutMs: options.timeoutS * 1000,
        onState: (state) => progress.update(state),
      });
    } finally {
      progress.stop();
    }
  }
  ctx.output(item, () => {
    vpnDetails(item).forEach((line) => ctx.io.stdout(line));
    if (item.vpn.state === 'Running') {
      ctx.io.stdout(`Download its config with: peanut download-config ${item.vpn.vpnId}`);
    }
  });
  if (options.sync && item.vpn.state !== 'Running') {
    throw new CliError(`VPN ${item.vpn.vpnId} is ${item.vpn.state}, not Running`);
  }
}
