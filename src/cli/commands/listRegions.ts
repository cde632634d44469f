/** `peanut list-regions`: the regions a VPN can be created in (spec §2 /doc-cli step 4). */
import { sortRegions } from '../../core/regions';
import { listRegionsDetailed } from '../../sdk/publicApi';
import { declareCommand, examples, type Define } from '../command';
import type { CommandContext } from '../context';
import { table } from '../output';

/** `peanut list-regions` takes no options of its own. */
export type ListRegionsOptions = Record<string, never>;

/** Declares `peanut list-regions`. */
export const defineListRegions: Define = (program, action) => {
  declareCommand(program, 'list-regions')
    .addHelpText('after', examples('peanut list-regions', 'peanut list-regions --json'))
    .action((_opts, command) => action(runListRegions, {}, command));
};

/** Prints the regions sorted by country then city (spec §2); with --json, the array. */
export async function runListRegions(
  _options: ListRegionsOptions,
  ctx: CommandContext,
): Promise<void> {
  const regions = sortRegions(await listRegionsDetailed(await ctx.api()));
  ctx.output(regions, () =>
    table(
      ['REGION', 'CITY', 'COUNTRY'],
      regions.map((r) => [r.name, r.city, r.country]),
    ).forEach((line) => ctx.io.stdout(line)),
  );
}
