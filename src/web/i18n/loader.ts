/**
 * The language packs loaded so far (English is bundled), and the loading of another: the
 * runtime's chunk and the language's own, once each. React reads the packs through
 * {@link subscribePacks} / {@link loadedPack}.
 */
import { ENGLISH_PACK, type LanguagePack } from './context';
import type { Language } from './languages';

const packs = new Map<Language, LanguagePack>([['en', ENGLISH_PACK]]);
const loading = new Map<Language, Promise<LanguagePack>>();
const listeners = new Set<() => void>();

/** The pack of `language` when loaded, else undefined. */
export function loadedPack(language: Language): LanguagePack | undefined {
  return packs.get(language);
}

/** Calls `listener` whenever a pack has loaded; answers the unsubscription. */
export function subscribePacks(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Loads `language`'s pack (at once for English). A failure (e.g. a chunk that cannot be
 * fetched) rejects and is forgotten, so a later call tries again.
 */
export function loadLanguage(language: Language): Promise<LanguagePack> {
  const done = packs.get(language);
  if (done) return Promise.resolve(done);
  let pending = loading.get(language);
  if (!pending) {
    pending = import(/* webpackChunkName: "i18n" */ './runtime')
      .then(({ loadPack }) => loadPack(language))
      .then(
        (pack) => {
          packs.set(language, pack);
          loading.delete(language);
          for (const listener of listeners) listener();
          return pack;
        },
        (error: unknown) => {
          loading.delete(language);
          throw error;
        },
      );
    loading.set(language, pending);
  }
  return pending;
}
