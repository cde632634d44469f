/**
 * What a page still shows in English (docs/languages.md "Testing"): every visible text of the
 * page (its text, and the placeholders and accessible names of what can be seen), less the
 * names that are the same in every language (the brand, WireGuard, e-mail addresses, ids and
 * region codes), that holds a word only English has. The words are those the SPA's English texts
 * use and no other language of the SPA writes (`page`, `minutes`, `menu` or `usage` are French
 * too, `per`, `will` or `download` German, so they are not in the list).
 */
import type { Page } from 'playwright-core';

/** Words that mark a text as English, lower case. */
const ENGLISH_WORDS = [
  'the',
  'your',
  'you',
  'and',
  'with',
  'of',
  'to',
  'for',
  'from',
  'this',
  'that',
  'is',
  'are',
  'be',
  'by',
  'not',
  'here',
  'have',
  'can',
  'any',
  'peanuts',
  'create',
  'delete',
  'sign',
  'account',
  'pricing',
  'help',
  'refresh',
  'loading',
  'running',
  'paused',
  'deleted',
  'creating',
  'settings',
  'statement',
  'ends',
  'about',
  'privacy',
  'search',
  'buy',
  'free',
  'get',
  'step',
  'show',
  'close',
  'copy',
  'extend',
  'hours',
  'days',
  'until',
  'remaining',
  'used',
  'created',
  'connect',
];

/** Names and values that are the same in every language, removed before the words are looked for. */
const SAME_IN_EVERY_LANGUAGE: readonly RegExp[] = [
  /Peanut VPN/g,
  /WireGuard/g,
  /\S+@\S+/g,
  /https?:\/\/\S+/g,
  /\b\d{10}[a-z]{2,4}\d\b/g, // a VPN's id
  /\b[a-z]{3}\d\b/g, // a region's code
];

/** The visible texts of `page`, each as shown (trimmed), in document order. */
function visibleTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const seen = (element: Element | null): element is HTMLElement =>
      element instanceof HTMLElement &&
      element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) &&
      !element.closest('[aria-hidden="true"], script, style, noscript');
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      if (text && seen(node.parentElement)) texts.push(text);
    }
    for (const element of document.body.querySelectorAll('[placeholder], [aria-label], [title]')) {
      // antd's icons name themselves after their glyph (`close`, `copy`): not a text of ours.
      if (!seen(element) || element.classList.contains('anticon')) continue;
      for (const name of ['placeholder', 'aria-label', 'title']) {
        const text = element.getAttribute(name)?.trim();
        if (text) texts.push(text);
      }
    }
    return texts;
  });
}

/** The texts of `page` that are still in English (none when it is all translated). */
export async function englishLeft(page: Page): Promise<string[]> {
  const words = new RegExp(`(^|[^\\p{L}])(${ENGLISH_WORDS.join('|')})(?=$|[^\\p{L}])`, 'iu');
  const left = (await visibleTexts(page)).filter((text) => {
    const rest = SAME_IN_EVERY_LANGUAGE.reduce((out, name) => out.replace(name, ' '), text);
    return words.test(rest);
  });
  return [...new Set(left)];
}
