/** `peanut list`: your VPNs, newest first, with state and usage (spec §2 "VPN list", §7). */
import { VpnListingError } from '../../core/errors';
import type { VpnWithMetrics } from '../../core/vpn';
import { listVpns } from '../../sdk/vpns';
import { declareCommand, examples, type Define } from '../command';
import type { CommandContext } from '../context';
import { vpnTable } from '../output';

/** `peanut list` takes no options of its own. */
export type ListOptions = Record<string, never>;

/** Declares `peanut list`. */
export const defineList: Define = (program, action) => {
  declareCommand(program, 'list')
    .addHelpText('after', examples('peanut list', "peanut list --json | jq -r '.[].vpn.vpnId'"))
    .action((_opts, command) => action(runList, {}, command));
};

/**
 * Prints every VPN of every page (the library's page size, spec §7) with its metrics. When some
 * metric fetches fail, those VPNs print without metrics, each failure is written to stderr and
 * the command fails with '{n} errors occured while listing vpns. See the console log for details'.
 * @throws NotSignedInError (exit 4); ApiError, NetworkError; VpnListingError.
 */
export async function runList(_options: ListOptions, ctx: CommandContext): Promise<void> {
  const api = await ctx.api();
  const items: VpnWithMetrics[] = [];
  const failures: unknown[] = [];
  let nextPageToken: string | undefined;
  do {
    const page = await listVpns(api, {
      nextPageToken,
      logError: (message, error) =>
        ctx.io.stderr(`${message} ${error instanceof Error ? error.message : String(error)}`),
    });
    items.push(...page.items);
    if (page.error) failures.push(...page.error.causes);
    nextPageToken = page.nextPageToken;
  } while (nextPageToken);
  ctx.output(items, () => {
    if (items.length === 0) {
      ctx.io.stdout('No VPNs. Create one with: peanut create --region <region>');
      return;
    }
    vpnTable(items).forEach((line) => ctx.io.stdout(line));
  });
  if (failures.length > 0) throw new VpnListingError(failures.length, failures);
}
