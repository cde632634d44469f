/**
 * Languages (docs/languages.md): the browser's language first, the header's picker switching the
 * texts and `<html lang>`, nothing stored signed out, the account's language applied at sign-in
 * and a pick saved on it, sign-out back to the browser's; each catalogue complete (the same
 * placeholders and marked parts as the English); the API's known messages translated; numbers,
 * money and dates in the language's format, English keeping the spec's.
 */
import { act, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { QuotaError, WaitTimeoutError } from '../../../src/core/errors';
import { makeStore } from '../../../src/web/app/store';
import { ErrorCard } from '../../../src/web/features/errors/ErrorCard';
import { errorReported } from '../../../src/web/features/errors/errorSlice';
import { LanguageContext } from '../../../src/web/i18n/context';
import userEvent from '@testing-library/user-event';
import { authenticated, signOutRequested } from '../../../src/web/features/auth/authSlice';
import { selectPickedLanguage } from '../../../src/web/features/preferences';
import { LANGUAGES, detectLanguage } from '../../../src/web/i18n/languages';
import { loadLanguage } from '../../../src/web/i18n/loader';
import { MESSAGE_TEXT, translateMessage } from '../../../src/web/i18n/messages';
import { formatUsdIn, localizeNumber } from '../../../src/web/i18n/format';
import { ENGLISH, translateTree, type TextTree } from '../../../src/web/i18n/translator';
import { formatDateTime, humanDuration } from '../../../src/web/lib/time';
import {
  PROVISIONING_MESSAGE,
  RUNNING_MESSAGE,
} from '../../../src/web/features/vpns/sagas/createSaga';
import { WINDOW_BLOCKED_MESSAGE } from '../../../src/web/features/vpns/browserFiles';
import type { LocaleModule, Namespace } from '../../../src/web/i18n/catalogue';
import { ENGLISH_CATALOGUE } from './englishCatalogue';
import { ANN } from '../fakeIdentity';
import { fakeFetch, jsonResponse, renderApp } from '../testUtils';

const ANN_USER = { username: ANN.username, email: ANN.email, sub: ANN.sub };

/** Makes the browser ask for `wanted` (navigator.languages); returns the restore. */
function browserWants(wanted: string[]): () => void {
  const original = Object.getOwnPropertyDescriptor(window.navigator, 'languages');
  Object.defineProperty(window.navigator, 'languages', { value: wanted, configurable: true });
  return () => {
    if (original) Object.defineProperty(window.navigator, 'languages', original);
    else delete (window.navigator as { languages?: unknown }).languages;
  };
}

/** The language picker of the header. */
const picker = (name: string) => screen.getAllByRole('combobox', { name })[0];

/** Every text of a tree, by path. */
function leaves(tree: TextTree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[`${prefix}${key}`, value] as [string, string]]
      : leaves(value, `${prefix}${key}.`),
  );
}

/** A text's placeholders and marked parts, sorted. */
const marks = (text: string) =>
  [...text.matchAll(/\{\{\w+\}\}|<\/?\w+>/g)].map((match) => match[0]).sort();

afterEach(() => {
  document.documentElement.lang = '';
});

describe('the language in force', () => {
  it("is the browser's first known one, signed out, with nothing stored or requested", async () => {
    const restore = browserWants(['xx-YY', 'fr-CA', 'en']);
    try {
      const fetch = fakeFetch({});
      const { store } = renderApp({
        route: '/pricing',
        preloadedState: { auth: { status: 'unauthenticated', user: null } },
        storeOptions: { fetch },
      });
      expect(await screen.findByRole('link', { name: 'Tarifs' })).toBeInTheDocument();
      await waitFor(() => expect(document.documentElement.lang).toBe('fr'));
      expect(screen.queryByRole('link', { name: 'Pricing' })).toBeNull();

      await userEvent.selectOptions(picker('Langue'), '日本語');
      expect(await screen.findByRole('link', { name: '料金' })).toBeInTheDocument();
      await waitFor(() => expect(document.documentElement.lang).toBe('ja'));
      expect(selectPickedLanguage(store.getState())).toBe('ja');

      await userEvent.selectOptions(picker('言語'), 'English');
      expect(await screen.findByRole('link', { name: 'Pricing' })).toBeInTheDocument();
      await waitFor(() => expect(document.documentElement.lang).toBe('en'));

      expect(fetch.mock.calls.map(([url]) => String(url))).not.toContainEqual(
        expect.stringContaining('/v1/account/preferences'),
      );
      expect(localStorage.length).toBe(0);
    } finally {
      restore();
    }
  });

  it("applies the account's language at sign-in, saves a pick, and forgets it at sign-out", async () => {
    const restore = browserWants(['en-US']);
    try {
      const fetch = fakeFetch({
        'GET /v1/account/preferences': () => jsonResponse({ theme: 'system', language: 'de' }),
        'PATCH /v1/account/preferences': () => jsonResponse({ theme: 'system', language: 'es' }),
      });
      const { store } = renderApp({
        route: '/faq',
        preloadedState: { auth: { status: 'unauthenticated', user: null } },
        storeOptions: { fetch },
      });
      expect(await screen.findByRole('link', { name: 'Pricing' })).toBeInTheDocument();
      act(() => {
        store.dispatch(authenticated(ANN_USER));
      });
      expect(await screen.findByRole('link', { name: 'Preise' })).toBeInTheDocument();
      await waitFor(() => expect(document.documentElement.lang).toBe('de'));

      await userEvent.selectOptions(picker('Sprache'), 'Español');
      expect(await screen.findByRole('link', { name: 'Precios' })).toBeInTheDocument();
      await waitFor(() => {
        const patch = fetch.mock.calls.find(([, init]) => init?.method === 'PATCH');
        expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ language: 'es' });
      });

      act(() => {
        store.dispatch(signOutRequested());
      });
      expect(selectPickedLanguage(store.getState())).toBeNull();
      expect(await screen.findByRole('link', { name: 'Pricing' })).toBeInTheDocument();
      expect(localStorage.length).toBe(0);
    } finally {
      restore();
    }
  });

  it('detects by primary subtag and falls back to English', () => {
    expect(detectLanguage(['de-AT'])).toBe('de');
    expect(detectLanguage(['pt-BR', 'es-MX'])).toBe('es');
    expect(detectLanguage(['zh-CN'])).toBe('en');
    expect(detectLanguage([])).toBe('en');
  });
});

describe('the catalogues', () => {
  it.each(LANGUAGES.filter((code) => code !== 'en'))(
    '%s gives every text with the English placeholders and marked parts',
    async (code) => {
      const { default: locale } = (await import(`../../../src/web/i18n/locales/${code}`)) as {
        default: LocaleModule;
      };
      const theirCatalogue = locale.catalogue as unknown as Record<Namespace, TextTree>;
      for (const [ns, texts] of Object.entries(ENGLISH_CATALOGUE)) {
        const theirs = new Map(leaves(theirCatalogue[ns as Namespace]));
        const ours = leaves(texts);
        expect([...theirs.keys()].sort()).toEqual(ours.map(([path]) => path).sort());
        for (const [path, text] of ours) {
          const translated = theirs.get(path) ?? '';
          expect({ path: `${ns}.${path}`, marks: marks(translated) }).toEqual({
            path: `${ns}.${path}`,
            marks: marks(text),
          });
          expect(translated.trim()).not.toBe('');
        }
      }
      expect(locale.antd.locale).toMatch(new RegExp(`^${code}`));
    },
  );

  it('mark values as {{name}} only: a single-brace one would never be filled', async () => {
    const singleBrace = /(?<!\{)\{\s*\w+\s*\}(?!\})/;
    const catalogues: [string, Record<string, TextTree>][] = [
      ['en', ENGLISH_CATALOGUE as unknown as Record<string, TextTree>],
    ];
    for (const code of LANGUAGES.filter((other) => other !== 'en')) {
      const { default: locale } = (await import(`../../../src/web/i18n/locales/${code}`)) as {
        default: LocaleModule;
      };
      catalogues.push([code, locale.catalogue as unknown as Record<string, TextTree>]);
    }
    const found = catalogues.flatMap(([code, catalogue]) =>
      Object.entries(catalogue).flatMap(([ns, tree]) =>
        leaves(tree)
          .filter(([, text]) => singleBrace.test(text))
          .map(([path, text]) => `${code} ${ns}.${path}: ${text}`),
      ),
    );
    expect(found).toEqual([]);
  });

  it('translates through the runtime, a missing text falling back to the English', async () => {
    const { translator } = await loadLanguage('fr');
    expect(translateTree(translator, 'menu', { pricing: 'Pricing', nope: 'Not there' })).toEqual({
      pricing: 'Tarifs',
      nope: 'Not there',
    });
  });
});

describe("the API's and the SPA's known messages", () => {
  it('are the English texts the code uses', () => {
    expect(MESSAGE_TEXT.provisioning).toBe(PROVISIONING_MESSAGE);
    expect(MESSAGE_TEXT.running).toBe(RUNNING_MESSAGE);
    expect(MESSAGE_TEXT.windowBlocked).toBe(WINDOW_BLOCKED_MESSAGE);
  });

  it('show translated, patterns with their values, unknown ones as they are', async () => {
    const { translator } = await loadLanguage('fr');
    const text = translateTree(translator, 'messages', MESSAGE_TEXT);
    expect(translateMessage(text, 'Vpn not found')).toBe('VPN introuvable');
    expect(
      translateMessage(text, 'Not enough peanuts, you specified: 12.00 and you have 3.50.'),
    ).toBe('Pas assez de cacahuètes : vous avez demandé 12.00 et vous en avez 3.50.');
    expect(translateMessage(text, 'Something new')).toBe('Something new');
    expect(translateMessage(MESSAGE_TEXT, 'Vpn not found')).toBe('Vpn not found');
  });

  it("are the core's and the identity service's English messages, translated by the translator", async () => {
    const { translator } = await loadLanguage('de');
    expect(translator.message(new WaitTimeoutError(300).message)).toBe(
      'Zeitlimit von 300 s überschritten!',
    );
    expect(translator.message(new QuotaError(4).message)).toBe(
      'Der Benutzer hat bereits 4 aktive VPNs. Kontingent erreicht.',
    );
    expect(translator.message('Incorrect username or password.')).toBe(
      'Benutzername oder Passwort ist falsch.',
    );
    expect(translator.message('Client-side error: Vpn not found')).toBe(
      'Clientseitiger Fehler: VPN nicht gefunden',
    );
    expect(ENGLISH.message('Incorrect username or password.')).toBe(
      'Incorrect username or password.',
    );
  });

  it('show translated in the error card, with its title and button', async () => {
    const { translator } = await loadLanguage('ja');
    const store = makeStore();
    store.dispatch(errorReported('Incorrect username or password.'));
    render(
      <Provider store={store}>
        <LanguageContext.Provider value={{ translator }}>
          <ErrorCard />
        </LanguageContext.Provider>
      </Provider>,
    );
    // A string reported is a client-side error (spec §8); its words are translated too.
    expect(
      screen.getByText('クライアント側のエラー: ユーザー名またはパスワードが正しくありません。'),
    ).toBeInTheDocument();
    expect(screen.getByText('エラー')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '閉じる' })).toBeInTheDocument();
  });
});

describe('formats', () => {
  it("keeps the spec's English formats and uses the language's elsewhere", async () => {
    await loadLanguage('fr');
    await loadLanguage('ja');
    expect(formatUsdIn('en', 2.71)).toBe('$2.71 USD');
    expect(formatUsdIn('fr', 2.71).replace(/\s/g, ' ')).toBe('2,71 USD');
    expect(localizeNumber('en', '1234.50')).toBe('1234.50');
    expect(localizeNumber('de', '1234.50')).toBe('1.234,50');
    expect(localizeNumber('fr', 'N/A')).toBe('N/A');
    const at = new Date(2026, 10, 21, 6, 0).getTime();
    expect(formatDateTime(at)).toBe('11/21/2026 6:00 AM');
    expect(formatDateTime(at, 'fr')).toBe('21/11/2026 06:00');
    expect(formatDateTime(at, 'ja')).toBe('2026/11/21 06:00');
    expect(humanDuration(180)).toBe('3 minutes');
    expect(humanDuration(180, 'fr')).toBe('3 minutes');
    expect(humanDuration(7200, 'de')).toBe('2 Stunden');
    expect(humanDuration(7200, 'ja')).toBe('2時間');
  });
});
