/** `peanut get <vpnId>`: one VPN with its metrics (spec §7 `GET /v1/vpns/{vpnId}`). */
import { getVpn } from '../../sdk/vpns';
import { declareCommand, examples, type Define } from '../command';
import type { CommandContext } from '../context';
import { vpnDetails } from '../output';

/** Options of `peanut get`. */
export interface GetOptions {
  vpnId: string;
}

/** Declares `peanut get`. */
export const defineGet: Define = (program, action) => {
  declareCommand(program, 'get')
    .argument('<vpnId>', 'VPN id, e.g. 1718031234567@eu-west-3 (see list)')
    .addHelpText(
      'after',
      examples('peanut get 1718031234567@eu-west-3', 'peanut get 1718031234567@eu-west-3 --json'),
    )
    .action((vpnId: string, _opts, command) => action(runGet, { vpnId }, command));
};

/**
 * Prints the VPN.
 * @throws InvalidVpnIdError "Incorrect vpnId: '{id}'"; ApiError 404 'Vpn not found';
 *   NotSignedInError (exit 4).
 */
export async function runGet(options: GetOptions, ctx: CommandContext): Promise<void> {
  const item = await getVpn(await ctx.api(), options.vpnId);
  ctx.output(item, () => vpnDetails(item).forEach((line) => ctx.io.stdout(line)));
}
