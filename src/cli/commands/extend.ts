/**
 * `peanut extend <vpnId> [--max-peanuts <n>] [--delete-after <seconds>]`: gives a VPN that has
 * not ended more peanuts and/or more time (`PATCH /v1/vpns/{vpnId}`, docs/api.md "Extending a
 * VPN"); the server checks the limits, what it consumed and the balance.
 */
import type { Command } from 'commander';
import { extendVpn, type VpnExtensionRequest } from '../../sdk/vpns';
import { declareCommand, examples, parseInteger, parseNumber, type Define } from '../command';
import type { CommandContext } from '../context';
import { UsageError } from '../errors';
import { vpnDetails } from '../output';

/** Options of `peanut extend`: at least one of the two values. */
export interface ExtendOptions extends VpnExtensionRequest {
  vpnId: string;
}

/** The message when neither option is given. */
export const EXTEND_USAGE_MESSAGE = 'give --max-peanuts, --delete-after or both';

/** Declares `peanut extend`. */
export const defineExtend: Define = (program, action) => {
  declareCommand(program, 'extend')
    .argument('<vpnId>', 'VPN id, e.g. 1718031234567@eu-west-3 (see list)')
    .option(
      '-m, --max-peanuts <n>',
      'new peanuts the VPN may consume in all (at least what it consumed; 0 means unlimited)',
      parseNumber,
    )
    .option(
      '-d, --delete-after <seconds>',
      'new seconds of running after which it is deleted (at least its running time)',
      parseInteger,
    )
    .addHelpText(
      'after',
      examples(
        'peanut extend 1718031234567@eu-west-3 --max-peanuts 5',
        'peanut extend 1718031234567@eu-west-3 --delete-after 7200 --json',
      ),
    )
    .action((vpnId: string, opts: { maxPeanuts?: number; deleteAfter?: number }, parsed: Command) =>
      action(runExtend, { vpnId, ...opts }, parsed),
    );
};

/**
 * Extends the VPN and prints it as it then is.
 * @throws UsageError (exit 2) when neither value is given; InvalidVpnIdError; ApiError 400 with
 *   the server's message, 404 'Vpn not found'; NotSignedInError (exit 4).
 */
export async function runExtend(options: ExtendOptions, ctx: CommandContext): Promise<void> {
  const { vpnId, maxPeanuts, deleteAfter } = options;
  if (maxPeanuts === undefined && deleteAfter === undefined) {
    throw new UsageError(EXTEND_USAGE_MESSAGE);
  }
  const item = await extendVpn(await ctx.api(), vpnId, {
    ...(maxPeanuts === undefined ? {} : { maxPeanuts }),
    ...(deleteAfter === undefined ? {} : { deleteAfter }),
  });
  ctx.output(item, () => vpnDetails(item).forEach((line) => ctx.io.stdout(line)));
}
