/**
 * What a component's texts go through (docs/languages.md): a {@link Translator} maps one English
 * text of a namespace to the language in force. English needs no runtime (the English texts are
 * the components' own constants, bundled with them); the other languages' translator is made by
 * the translation runtime (runtime.ts), loaded only for them.
 */
import type { Language } from './languages';

/** A tree of texts: each leaf an English text, `{{name}}` marking a value filled in later. */
export interface TextTree {
  readonly [key: string]: string | TextTree;
}

/** `T` with each text widened to `string` (a translation is not the English literal). */
export type Texts<T> = { readonly [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };

/** Translates the texts of the language in force. */
export interface Translator {
  /** The language whose texts it answers. */
  readonly language: Language;
  /**
   * The text at `path` (keys joined with `.`) of namespace `ns`, or `english` when the
   * catalogue has none; placeholders (`{{name}}`) are kept for {@link fill}.
   */
  text(ns: string, path: string, english: string): string;
  /**
   * A message that came in English (the API's, the identity service's: i18n/messages.ts) in
   * this language when it is a known one, else as it came.
   */
  message(english: string): string;
}

/** The English translator: every text is its English original. */
export const ENGLISH: Translator = {
  language: 'en',
  text: (_ns, _path, english) => english,
  message: (english) => english,
};

/** Values of a text's placeholders. */
export type TextValues = Readonly<Record<string, string | number>>;

/**
 * `template` with each `{{name}}` replaced by `values[name]` (as given: format numbers and dates
 * first); a placeholder without a value stays as it is.
 */
export function fill(template: string, values: TextValues): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

/** The texts of `english` in `translator`'s language, the same shape. */
export function translateTree<T extends TextTree>(
  translator: Translator,
  ns: string,
  english: T,
  prefix = '',
): Texts<T> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(english)) {
    const path = prefix ? `${prefix}.${key}` : key;
    out[key] =
      typeof value === 'string'
        ? translator.text(ns, path, value)
        : translateTree(translator, ns, value, path);
  }
  return out as Texts<T>;
}

/** The plural forms of a counted text (Intl.PluralRules' categories that the SPA uses). */
export interface PluralForms {
  /** For a count of one (and, in French, zero). */
  readonly one: string;
  /** For any other count (Japanese has only this one). */
  readonly other: string;
}

/** The form of `forms` for `count` in `locale` (an Intl locale, e.g. `fr-FR`), `{{count}}` filled. */
export function plural(locale: string, count: number, forms: PluralForms): string {
  const category = new Intl.PluralRules(locale).select(count);
  return fill(category === 'one' ? forms.one : forms.other, { count });
}
