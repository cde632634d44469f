/**
 * The translation runtime (its own chunk, `i18n`): loaded only when a language other than
 * English is in force, so an English visitor's `/` carries none of it (docs/languages.md, the
 * landing budget). Each language's catalogue, with dayjs's and antd's locale of it, is a chunk of
 * its own (`locale-fr`, ...), fetched only for that language.
 *
 * The lookup is i18next's: one instance, each catalogue namespace a resource bundle of its
 * language, each text found by `getFixedT(language, namespace)` with the component's English as
 * the default value. i18next only finds the text: our placeholders (`{{name}}`) are filled by
 * translator.ts's `fill`, plurals by its `plural`, so its interpolation and nesting are skipped.
 */
import { createInstance, type InitOptions, type TFunction } from 'i18next';
import type { Language } from './languages';
import type { LanguagePack } from './context';
import type { Catalogue, LocaleModule } from './catalogue';
import { MESSAGE_TEXT, translateMessage } from './messages';
import { translateTree, type Translator } from './translator';

/**
 * i18next as a plain lookup: keys are paths joined with `.` (no namespace in a key), a text
 * comes back as written (no interpolation, no nesting, no escaping), and a missing or empty one
 * is the default value given (the English), never the key, null or another language.
 */
const OPTIONS: InitOptions = {
  resources: {},
  ns: [],
  defaultNS: false,
  fallbackLng: false,
  keySeparator: '.',
  nsSeparator: false,
  returnNull: false,
  returnEmptyString: false,
  returnObjects: false,
  interpolation: { escapeValue: false },
  initAsync: false,
};

/** The one i18next instance of the SPA, initialised with the first language loaded. */
let instance: ReturnType<typeof createInstance> | undefined;

/** The instance, created and initialised (synchronously: no backend) on first use. */
function i18next(language: Language): ReturnType<typeof createInstance> {
  if (!instance) {
    instance = createInstance();
    void instance.init({ ...OPTIONS, lng: language });
  }
  return instance;
}

/** The locale chunk of `language`. */
function importLocale(language: Language): Promise<{ default: LocaleModule }> {
  return import(
    /* webpackChunkName: "locale-[request]", webpackInclude: /\/[a-z]{2}\.ts$/ */ `./locales/${language}`
  );
}

/**
 * The translator of `catalogue` (added to i18next as `language`'s bundles, one per namespace):
 * a text missing from it is the component's English default (no fallback language).
 */
export function catalogueTranslator(language: Language, catalogue: Catalogue): Translator {
  const i18n = i18next(language);
  for (const [ns, tree] of Object.entries(catalogue)) {
    i18n.addResourceBundle(language, ns, tree, true, true);
  }
  const fixed = new Map<string, TFunction>();
  const lookup = (ns: string): TFunction => {
    let t = fixed.get(ns);
    if (!t) {
      t = i18n.getFixedT(language, ns);
      fixed.set(ns, t);
    }
    return t;
  };
  const translator: Translator = {
    language,
    text: (ns, path, english) =>
      lookup(ns)(path, { defaultValue: english, skipInterpolation: true }),
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
