import {
  entryHref,
  searchEntries,
  type SearchEntry,
} from '../../../src/web/features/search/search';

const entries: SearchEntry[] = [
  {
    title: 'Install',
    path: '/doc',
    hash: 'install',
    text: 'Get WireGuard for Linux.',
    page: 'Doc',
  },
  {
    title: 'What are peanuts?',
    path: '/faq',
    hash: 'whatarepeanuts',
    text: 'Credit.',
    page: 'FAQ',
  },
  { title: 'Pricing', path: '/doc', hash: 'pricing', text: 'Peanuts come in packs.', page: 'Doc' },
  { title: 'Intro', path: '/faq', hash: '', text: 'Nothing about nuts here.', page: 'FAQ' },
];

describe('searchEntries', () => {
  it('matches case-insensitively, titles first then text', () => {
    expect(searchEntries(entries, 'PEANUTS').map((e) => e.hash)).toEqual([
      'whatarepeanuts',
      'pricing',
    ]);
  });

  it('requires every word of the query', () => {
    expect(searchEntries(entries, 'wireguard linux').map((e) => e.hash)).toEqual(['install']);
    expect(searchEntries(entries, 'wireguard windows')).toEqual([]);
  });

  it('returns nothing for a blank query and respects the limit', () => {
    expect(searchEntries(entries, '   ')).toEqual([]);
    expect(searchEntries(entries, 'e', 2)).toHaveLength(2);
  });
});

describe('entryHref', () => {
  it('joins the path and the hash', () => {
    expect(entryHref({ path: '/faq', hash: 'connection' })).toBe('/faq#connection');
    expect(entryHref({ path: '/faq', hash: '' })).toBe('/faq');
  });
});
