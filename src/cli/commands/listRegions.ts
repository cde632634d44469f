/** `peanut list-regions`: the regions a VPN can be created in (spec §2 /doc-cli step 4). */
import { sortRegions } from '../../core/regions';
import { listRegionsDetailed } from '../../sdk/publicApi';
import type { CommandContext } from '../context';

/** Prints the regions sorted by country then city; with --json, the array. */
export async function runListRegions(ctx: CommandContext): Promise<void> {
  const regions = sortRegions(await listRegionsDetailed(ctx.http));
  if (ctx.json) {
    ctx.stdout(JSON.stringify(regions, null, 2));
    return;
  }
  const width = Math.max(...regions.map((r) => r.name.length));
  for (const region of regions) {
    ctx.stdout(`${region.name.padEnd(width)}  ${region.city}, ${region.country}`);
  }
}
