/** The pricing feature's public API: the list of packs. */
export { PackList } from './PackList';
