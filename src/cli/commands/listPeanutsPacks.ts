/** `peanut list-peanuts-packs`: the packs for sale (spec §2 /doc-cli step 3). */
import { listPeanutsPacks } from '../../sdk/publicApi';
import type { CommandContext } from '../context';

/** Prints each pack with its peanuts, price, estimates and purchase url; with --json, the array. */
export async function runListPeanutsPacks(ctx: CommandContext): Promise<void> {
  const packs = await listPeanutsPacks(ctx.http);
  if (ctx.json) {
    ctx.stdout(JSON.stringify(packs, null, 2));
    return;
  }
  for (const pack of packs) {
    ctx.stdout(`${pack.name}: ${pack.peanuts} peanuts for ${pack.price.toFixed(2)} USD`);
    for (const line of pack.description) ctx.stdout(`  - ${line}`);
    ctx.stdout(`  buy: ${new URL(pack.url, ctx.baseUrl).toString()}`);
  }
}
