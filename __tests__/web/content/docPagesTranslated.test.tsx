/**
 * The documentation and FAQ pages in another language (docs/languages.md): their headings and
 * paragraphs come from the language's catalogue, no English paragraph is left, and every
 * heading keeps its English anchor id, so links to `/faq#connection` land in every language.
 */
import type { ComponentType } from 'react';
import { cleanup } from '@testing-library/react';
import { renderAt } from './testUtils';
import { LanguageContext, type LanguagePack } from '../../../src/web/i18n/context';
import type { Language } from '../../../src/web/i18n/languages';
import { loadLanguage } from '../../../src/web/i18n/loader';
import { searchIndex, searchIndexIn } from '../../../src/web/features/search/searchIndex';
import { entryHref } from '../../../src/web/features/search/search';
import DocCliPage from '../../../src/web/pages/info/DocCliPage';
import DocPage from '../../../src/web/pages/info/DocPage';
import FaqPage from '../../../src/web/pages/info/FaqPage';

/** Renders `Page` at `path` in `pack`'s language. */
function renderIn(pack: LanguagePack, Page: ComponentType, path: string) {
  renderAt(
    <LanguageContext.Provider value={pack}>
      <Page />
    </LanguageContext.Provider>,
    path,
  );
}

/** The ids and texts of the section headings (h2 to h4), in document order. */
function headings(): { id: string; title: string }[] {
  return Array.from(document.querySelectorAll<HTMLElement>('h2, h3, h4'), (heading) => ({
    id: heading.id,
    title: heading.dataset.tocTitle ?? '',
  }));
}

/** The texts of the page's paragraphs and list items (the table of contents' aside). */
function paragraphs(): string[] {
  return Array.from(document.querySelectorAll('p, li'))
    .filter((node) => !node.closest('nav'))
    .map((node) => node.textContent ?? '');
}

/** Renders `Page` in English, then in `language`: the headings and paragraphs of each. */
async function bothWays(language: Language, Page: ComponentType, path: string) {
  renderAt(<Page />, path);
  const english = { headings: headings(), paragraphs: paragraphs() };
  cleanup();
  renderIn(await loadLanguage(language), Page, path);
  const translated = { headings: headings(), paragraphs: paragraphs() };
  cleanup();
  return { english, translated };
}

describe('/doc translated', () => {
  it('shows French headings and paragraphs, with the English ids', async () => {
    const { english, translated } = await bothWays('fr', DocPage, '/doc');
    expect(translated.headings.map((h) => h.id)).toEqual(english.headings.map((h) => h.id));
    expect(translated.headings).toContainEqual({ id: 'tenets', title: 'Principes' });
    expect(translated.headings).toContainEqual({
      id: 'howitworks',
      title: 'Comment ça marche',
    });
    const shown = new Set(translated.paragraphs);
    expect(english.paragraphs.filter((text) => shown.has(text))).toEqual([]);
    expect(translated.paragraphs.join(' ')).toMatch(/10 cacahuètes gratuites/);
  });
});

describe('/faq translated', () => {
  it('shows French questions and answers, with the English ids', async () => {
    const { english, translated } = await bothWays('fr', FaqPage, '/faq');
    expect(translated.headings.map((h) => h.id)).toEqual(english.headings.map((h) => h.id));
    expect(translated.headings).toContainEqual({ id: 'connection', title: 'Connexion' });
    expect(translated.headings).toContainEqual({
      id: 'whatarepeanuts',
      title: 'Que sont les cacahuètes ?',
    });
    const shown = new Set(translated.paragraphs);
    expect(english.paragraphs.filter((text) => shown.has(text))).toEqual([]);
    expect(translated.paragraphs.join(' ')).toMatch(/Starter \(17 cacahuètes pour 2,71 USD\)/);
  });
});

describe('/doc-cli translated', () => {
  it('shows French steps and paragraphs, with the English ids and the code as it is', async () => {
    const { english, translated } = await bothWays('fr', DocCliPage, '/doc-cli');
    expect(translated.headings.map((h) => h.id)).toEqual(english.headings.map((h) => h.id));
    expect(translated.headings).toContainEqual({
      id: 'step0installwireguardandthecli',
      title: 'Étape 0 : installer WireGuard et la CLI',
    });
    const shown = new Set(translated.paragraphs);
    expect(english.paragraphs.filter((text) => shown.has(text))).toEqual([]);
    expect(translated.paragraphs.join(' ')).toMatch(
      /<code>--mfa-code<\/code>|avec --mfa-code ; un code erroné/,
    );
  });
});

describe.each([
  ['/doc', DocPage],
  ['/faq', FaqPage],
  ['/doc-cli', DocCliPage],
])('%s in German, Spanish and Japanese', (path, Page) => {
  it.each(['de', 'es', 'ja'] as const)('keeps every anchor id in %s', async (language) => {
    const { english, translated } = await bothWays(language, Page, path);
    expect(translated.headings.map((h) => h.id)).toEqual(english.headings.map((h) => h.id));
    const titles = new Set(english.headings.map((h) => h.title));
    expect(translated.headings.filter((h) => titles.has(h.title))).toEqual([]);
  });
});

describe('the search index translated', () => {
  it('searches the pages as they show in French, with the same targets', async () => {
    const { translator } = await loadLanguage('fr');
    const french = searchIndexIn(translator);
    expect(french.map(entryHref)).toEqual(searchIndex.map(entryHref));
    const peanuts = french.find((entry) => entry.hash === 'whatarepeanuts');
    expect(peanuts).toMatchObject({
      title: 'Que sont les cacahuètes ?',
      page: 'Foire aux questions',
    });
    expect(peanuts?.text).toMatch(/Starter \(17 cacahuètes pour 2,71 USD\)/);
    // The code stays as it is, in a translated sentence.
    const create = french.find((entry) => entry.text.includes('--max-peanuts'));
    expect(create?.text).toMatch(/Créez un VPN dans cette région/);
  });
});
