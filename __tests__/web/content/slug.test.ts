import { slugify } from '../../../src/web/lib/slug';

describe('slugify', () => {
  it.each([
    ['What are peanuts?', 'whatarepeanuts'],
    ['Connection', 'connection'],
    ['Software Development', 'softwaredevelopment'],
    ['Step 0: Install WireGuard and the CLI', 'step0installwireguardandthecli'],
    [
      "The copy button says 'Failed to copy to clipboard'",
      'thecopybuttonsaysfailedtocopytoclipboard',
    ],
    ['snake_case stays', 'snake_casestays'],
    ['  Spaces,   dashes - and (parens)  ', 'spacesdashesandparens'],
    ['São Paulo', 'sopaulo'],
    ['?!', ''],
  ])('%j -> %j', (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });
});
