import { cleanup } from '@testing-library/react';
import { renderAt } from '../content/testUtils';
import { buildSearchIndex, searchIndex } from '../../../src/web/features/search/searchIndex';
import DocCliPage from '../../../src/web/pages/info/DocCliPage';
import DocPage from '../../../src/web/pages/info/DocPage';
import FaqPage from '../../../src/web/pages/info/FaqPage';
import { faqContent } from '../../../src/web/content/faq';

const normalize = (text: string) => text.replace(/\s+/g, '');

describe('searchIndex', () => {
  it('covers the FAQ, /doc and /doc-cli', () => {
    expect(new Set(searchIndex.map((entry) => entry.path))).toEqual(
      new Set(['/faq', '/doc', '/doc-cli']),
    );
    const peanuts = searchIndex.find((entry) => entry.hash === 'whatarepeanuts');
    expect(peanuts).toMatchObject({ title: 'What are peanuts?', path: '/faq' });
    expect(peanuts?.text).toMatch(/Starter \(17 peanuts for 2\.71 USD\)/);
    const create = searchIndex.find((entry) => entry.text.includes('--max-peanuts 5'));
    expect(create?.path).toBe('/doc-cli');
  });

  it('has one entry per page introduction and section, with unique targets', () => {
    expect(buildSearchIndex([faqContent])).toHaveLength(faqContent.sections.length + 1);
    const hrefs = searchIndex.map((entry) => `${entry.path}#${entry.hash}`);
    expect(new Set(hrefs).size).toBe(hrefs.length);
  });

  it.each([
    ['/faq', FaqPage],
    ['/doc', DocPage],
    ['/doc-cli', DocCliPage],
  ])('matches what %s renders', (path, Page) => {
    renderAt(<Page />, path);
    for (const entry of searchIndex.filter((e) => e.path === path && e.hash)) {
      const heading = document.getElementById(entry.hash);
      expect(heading?.dataset.tocTitle).toBe(entry.title);
      // The section's rendered text (heading and copy buttons aside) is the indexed text.
      const section = heading?.closest('section')?.cloneNode(true) as HTMLElement;
      section.querySelectorAll('h2, h3, h4, button').forEach((node) => node.remove());
      expect(normalize(section.textContent ?? '')).toBe(normalize(entry.text));
    }
    cleanup();
  });
});
