/** `peanut list-peanuts-packs`: the packs for sale (spec §2 /doc-cli step 3). */
import { listPeanutsPacks } from '../../sdk/publicApi';
import { declareCommand, examples, type Define } from '../command';
import type { CommandContext } from '../context';
import { table } from '../output';

/** `peanut list-peanuts-packs` takes no options of its own. */
export type ListPeanutsPacksOptions = Record<string, never>;

/** Declares `peanut list-peanuts-packs`. */
export const defineListPeanutsPacks: Define = (program, action) => {
  declareCommand(program, 'list-peanuts-packs')
    .addHelpText('after', examples('peanut list-peanuts-packs', 'peanut list-peanuts-packs --json'))
    .action((_opts, command) => action(runListPeanutsPacks, {}, command));
};

/**
 * Prints each pack (name, peanuts, price in USD, purchase link resolved against the service) and
 * its duration estimates; with --json, the array with absolute links.
 */
export async function runListPeanutsPacks(
  _options: ListPeanutsPacksOptions,
  ctx: CommandContext,
): Promise<void> {
  const packs = (await listPeanutsPacks(await ctx.api())).map((pack) => ({
    ...pack,
    url: new URL(pack.url, ctx.settings.url + '/').toString(),
  }));
  ctx.output(packs, () => {
    table(
      ['PACK', 'PEANUTS', 'PRICE', 'BUY'],
      packs.map((p) => [p.name, String(p.peanuts), `${p.price.toFixed(2)} USD`, p.url]),
    ).forEach((line) => ctx.io.stdout(line));
    for (const pack of packs) {
      ctx.io.stdout('');
      ctx.io.stdout(`${pack.name}:`);
      for (const line of pack.description) ctx.io.stdout(`  - ${line}`);
    }
  });
}
