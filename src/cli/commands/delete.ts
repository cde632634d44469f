/** `peanut delete <vpnId> [--sync]`: deletes a VPN (spec §2 /doc-cli step 4, spec §4 "Delete"). */
import type { Command } from 'commander';
import { deleteVpn } from '../../sdk/vpns';
import { deleteAndWait } from '../../sdk/waitForState';
import {
  examples,
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

/** Options of `peanut delete`; with `sync`, it waits until the VPN is Deleted. */
export interface DeleteOptions extends WaitOptions {
  vpnId: string;
}

/** Declares `peanut delete`. */
export const defineDelete: Define = (program, action) => {
  const command = declareCommand(program, 'delete').argument(
    '<vpnId>',
    'VPN id, e.g. 1718031234567@eu-west-3 (see list)',
  );
  withWaitOptions(command, 'wait until the VPN is Deleted')
    .addHelpText(
      'after',
      examples(
        'peanut delete 1718031234567@eu-west-3',
        'peanut delete 1718031234567@eu-west-3 --sync',
      ),
    )
    .action((vpnId: string, opts: WaitFlags, parsed: Command) =>
      action(runDelete, { vpnId, ...waitOptionsOf(opts) }, parsed),
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
