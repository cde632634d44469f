/**
 * The translation runtime (src/web/i18n/runtime.ts, docs/languages.md "How it works"): one
 * i18next instance for every language, each catalogue namespace a resource bundle of its
 * language; texts come back as written (placeholders, nesting markers, marked parts, colons and
 * dots in the text untouched), and a missing or empty one is the component's English.
 */
import type { Catalogue } from '../../../src/web/i18n/catalogue';

jest.mock('i18next', () => {
  const actual = jest.requireActual<typeof import('i18next')>('i18next');
  return { ...actual, createInstance: jest.fn(actual.createInstance) };
});

// After the mock: the runtime gets the spied createInstance.
import { createInstance } from 'i18next';
import { catalogueTranslator, loadPack } from '../../../src/web/i18n/runtime';
import { fill } from '../../../src/web/i18n/translator';

const created = createInstance as jest.MockedFunction<typeof createInstance>;

/** The one instance the runtime made. */
function theInstance(): ReturnType<typeof createInstance> {
  expect(created).toHaveBeenCalledTimes(1);
  return created.mock.results[0].value as ReturnType<typeof createInstance>;
}

describe('the i18next runtime', () => {
  it("holds each language's catalogue as bundles of one instance and looks texts up there", async () => {
    const french = await loadPack('fr');
    const german = await loadPack('de');
    const i18n = theInstance();
    const { default: fr } = await import('../../../src/web/i18n/locales/fr');
    expect(i18n.getResourceBundle('fr', 'menu')).toEqual(fr.catalogue.menu);
    expect(i18n.hasResourceBundle('de', 'adminPayments')).toBe(true);
    expect(french.translator.text('menu', 'pricing', 'Pricing')).toBe('Tarifs');
    expect(german.translator.text('menu', 'pricing', 'Pricing')).toBe('Preise');
    // A path into a nested tree, placeholders left for fill.
    const packOption = french.translator.text(
      'adminPayments',
      'packOption',
      '{{name}}: {{peanuts}} peanuts',
    );
    expect(fill(packOption, { name: 'Starter', peanuts: 17 })).toBe('Starter : 17 cacahuètes');
  });

  it('answers texts as written, and the English where the catalogue has none', () => {
    const catalogue = {
      menu: {
        values: 'Bonjour {{name}}, {{ count }} fois',
        nesting: 'Voir $t(menu.values) et {{- raw}}',
        marked: '<b>Gras</b> & <faq>FAQ</faq> : 1.5',
        empty: '',
        deep: { inner: { text: 'Profond' } },
      },
    } as unknown as Catalogue;
    const { text } = catalogueTranslator('es', catalogue);
    expect(text('menu', 'values', 'Hello {{name}}')).toBe('Bonjour {{name}}, {{ count }} fois');
    expect(text('menu', 'nesting', 'See')).toBe('Voir $t(menu.values) et {{- raw}}');
    expect(text('menu', 'marked', 'Bold')).toBe('<b>Gras</b> & <faq>FAQ</faq> : 1.5');
    expect(text('menu', 'deep.inner.text', 'Deep')).toBe('Profond');
    expect(text('menu', 'empty', 'Empty in English')).toBe('Empty in English');
    expect(text('menu', 'missing', 'Missing: {{name}}')).toBe('Missing: {{name}}');
    expect(text('nowhere', 'values', 'No namespace')).toBe('No namespace');
    expect(text('menu', 'deep', 'A tree, not a text')).toBe('A tree, not a text');
    // Another language's text is never an answer.
    expect(text('menu', 'pricing', 'Pricing')).toBe('Pricing');
  });
});
