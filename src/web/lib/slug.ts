/**
 * Anchor slugs for headings (spec §2 "Page conventions").
 */

/**
 * Turns a heading title into the id it is anchored by: the title lower-cased with every
 * non-word character (anything but `A-Z`, `a-z`, `0-9` and `_`) removed, spaces included.
 *
 * @example slugify('What are peanuts?') // 'whatarepeanuts'
 * @example slugify('Step 0: Install WireGuard') // 'step0installwireguard'
 */
export function slugify(title: string): string {
  return title.toLowerCase().replace(/\W/g, '');
}
