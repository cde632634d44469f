/**
 * The peanut packs for sale (spec §2 "Pricing", §3, §9): Starter 17 peanuts at 2.71 USD, Pro 34
 * at 4.89, Elite 73 at 9.87; purchase links come from the configuration.
 */
import { packDescription, type PeanutsPack } from '../../core/packs';
import type { PackId, ServerConfig } from '../config';

/** What defines a pack besides its purchase link. */
export interface PackDefinition {
  /** Stable pack id. */
  id: PackId;
  /** Display name. */
  name: string;
  /** Peanuts credited on purchase. */
  peanuts: number;
  /** Price in US dollars. */
  price: number;
}

/** The packs for sale, cheapest first (spec §9). */
export const PACKS: readonly PackDefinition[] = [
  { id: 'starter', name: 'Starter', peanuts: 17, price: 2.71 },
  { id: 'pro', name: 'Pro', peanuts: 34, price: 4.89 },
  { id: 'elite', name: 'Elite', peanuts: 73, price: 9.87 },
];

/** Reads packs. */
export interface PacksService {
  /** Every pack for sale, cheapest first. */
  list(): PeanutsPack[];
  /** The pack with `id`, or undefined. */
  get(id: string): PeanutsPack | undefined;
}

/** A copy of `pack` that callers may change. */
function copyPack(pack: PeanutsPack): PeanutsPack {
  return { ...pack, description: [...pack.description] };
}

/** Creates the packs service; purchase links from `config.checkoutUrls`. */
export function createPacksService(config: Pick<ServerConfig, 'checkoutUrls'>): PacksService {
  const packs: PeanutsPack[] = PACKS.map((pack) => ({
    ...pack,
    description: packDescription(pack.peanuts),
    url: config.checkoutUrls[pack.id],
  }));
  return {
    list: () => packs.map(copyPack),
    get: (id) => {
      const pack = packs.find((candidate) => candidate.id === id);
      return pack && copyPack(pack);
    },
  };
}
