/**
 * Numbers and money in a language's format (Intl): English keeps the spec's exact formats
 * (`$2.71 USD`, `1.50`), the others their own (`2,71 USD`, `1,50`).
 */
import { INTL_LOCALES, type Language } from './languages';

const cache = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = cache.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    cache.set(key, format);
  }
  return format;
}

/** A price in US dollars: `$2.71 USD` in English (spec §2), else e.g. `2,71 USD`. */
export function formatUsdIn(language: Language, price: number): string {
  if (language === 'en') {
    return `${numberFormat('en-US', { style: 'currency', currency: 'USD' }).format(price)} USD`;
  }
  return numberFormat(INTL_LOCALES[language], {
    style: 'currency',
    currency: 'USD',
    currencyDisplay: 'code',
  }).format(price);
}

/**
 * A number written with `fixed` (the spec's English text, e.g. `1.50` from `toFixed(2)`) put in
 * `language`'s format: the same digits, the language's decimal and group separators. Texts that
 * are not numbers (`N/A`) come back as they are.
 */
export function localizeNumber(language: Language, fixed: string): string {
  if (language === 'en' || !/^-?\d+(\.\d+)?$/.test(fixed)) return fixed;
  const decimals = fixed.split('.')[1]?.length ?? 0;
  return numberFormat(INTL_LOCALES[language], {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(Number(fixed));
}

/**
 * `12.34 MiB` (formatMiB's or formatBytes' text: a number, a space, a unit) in `language`'s
 * number format; other texts as they are.
 */
export function localizeUnit(language: Language, text: string): string {
  const match = /^(-?\d+(?:\.\d+)?) (\S+)$/.exec(text);
  return match ? `${localizeNumber(language, match[1])} ${match[2]}` : text;
}
