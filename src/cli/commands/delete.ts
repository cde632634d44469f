/** `peanut delete <vpnId> [--sync]`: deletes a VPN (spec §2 /doc-cli step 4, spec §4 "Delete"). */
import { POLL_INTERVAL_S, WAIT_TIMEOUT_S } from '../../core/vpn';
import { deleteVpn } from '../../sdk/vpns';
import { deleteAndWait } from '../../sdk/waitForState';
import { examples, parseSeconds, type Define } from '../command';
import type { CommandContext } from '../context';
import { CliError } from '../errors';
import { vpnDetails } from '../output';
import { startProgress } from '../progress';

/** Options of `peanut delete`. */
export interface DeleteOptions {
  vpnId: string;
  /** Wait until the VPN is Deleted. */
  sync: boolean;
  /** Seconds between polls while waiting (spec §4: 10). */
  intervalS: number;
  /** Seconds before each wait gives up (spec §4: 300). */
  timeoutS: number;
}

/** Declares `peanut delete`. */
export const defineDelete: Define = (program, action) => {
  program
    .command('delete')
    .description('delete a VPN; a deleted VPN cannot come back')
    .argument('<vpnId>', 'VPN id, e.g. 1718031234567@eu-west-3 (see list)')
    .option('-s, --sync', 'wait until the VPN is Deleted')
    .option('--interval <seconds>', 'seconds between state checks with --sync', parseSeconds, 10)
    .option('--timeout <seconds>', 'seconds before --sync gives up', parseSeconds, 300)
    .addHelpText(
      'after',
      examples(
        'peanut delete 1718031234567@eu-west-3',
        'peanut delete 1718031234567@eu-west-3 --sync',
      ),
    )
    .action((vpnId: string, opts: { sync?: boolean; interval: number; timeout: number }, command) =>
      action(
        runDelete,
        {
          vpnId,
          sync: opts.sync ?? false,
          intervalS: opts.interval ?? POLL_INTERVAL_S,
          timeoutS: opts.timeout ?? WAIT_TIMEOUT_S,
        },
        command,
      ),
    );
};

/**
 * Without `sync`, requests the deletion and prints the VPN as it then is. With `sync`, runs the
 * delete workflow of spec §4 (nothing for a Deleted VPN; below Running, wait for Running first;
 * then wait for Deleted) with a spinner on a terminal, and prints the VPN.
 * @throws InvalidVpnIdError; ApiError 404 'Vpn not found'; VpnDeletionError
 *   'Error during deletion of vpn: {id}: {body}'; WaitTimeoutError; NotSignedInError (exit 4);
 *   CliError when `sync` ends other than Deleted.
 */
export async function runDelete(options: DeleteOptions, ctx: CommandContext): Promise<void> {
  const api = await ctx.api();
  let item;
  if (options.sync) {
    const progress = await startProgress(ctx.io, `Deleting ${options.vpnId}`);
    try {
      item = await deleteAndWait(api, options.vpnId, {
        intervalMs: options.intervalS * 1000,
        timeoutMs: options.timeoutS * 1000,
        onState: (state) => progress.update(state),
      });
    } finally {
      progress.stop();
    }
  } else {
    item = await deleteVpn(api, options.vpnId);
  }
  ctx.output(item, () => vpnDetails(item).forEach((line) => ctx.io.stdout(line)));
  if (options.sync && item.vpn.state !== 'Deleted') {
    throw new CliError(`VPN ${item.vpn.vpnId} is ${item.vpn.state}, not Deleted`);
  }
}
