/**
 * The translation runtime (its own chunk, `i18n`): loaded only when a language other than
 * English is in force, so an English visitor's `/` carries none of it (docs/languages.md, the
 * landing budget). Each language's catalogue, with dayjs's and antd's locale of it, is a chunk of
 * its own (`locale-fr`, ...), fetched only for that language.
 *
 * The lookup is the catalogue's own tree (namespace, then keys joined with `.`): i18next, which
 * the branch that started this used here, is not among the project's installed packages
 * (docs/languages.md says how to put it back in this one file).
 */
import type { Language } from './languages';
import type { LanguagePack } from './context';
import type { Catalogue, LocaleModule } from './catalogue';
import { MESSAGE_TEXT, translateMessage } from './messages';
import { translateTree, type Translator } from './translator';

/** The locale chunk of `language`. */
function importLocale(language: Language): Promise<{ default: LocaleModule }> {
  return import(
    /* webpackChunkName: "locale-[request]", webpackInclude: /\/[a-z]{2}\.ts$/ */ `./locales/${language}`
  );
}

/** The text at `path` (keys joined with `.`) of `tree`, or undefined. */
function lookup(tree: unknown, path: string): string | undefined {
  let node: unknown = tree;
  for (const key of path.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * The translator of `catalogue`: a text missing from it is the component's English default (no
 * fallback language).
 */
export function catalogueTranslator(language: Language, catalogue: Catalogue): Translator {
  const translator: Translator = {
    language,
    text: (ns, path, english) =>
      lookup((catalogue as Readonly<Record<string, unknown>>)[ns], path) ?? english,
    message: (english) => translateMessage(messages, english),
  };
  const messages = translateTree(translator, 'messages', MESSAGE_TEXT);
  return translator;
}

/** Loads `language`'s catalogue and answers its pack. @throws ChunkLoadError */
export async function loadPack(language: Language): Promise<LanguagePack> {
  const { default: locale } = await importLocale(language);
  return { translator: catalogueTranslator(language, locale.catalogue), antdLocale: locale.antd };
}
