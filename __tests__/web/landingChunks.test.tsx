/**
 * The parts of `/` that load when wanted behave as before once there. The header
 * search is a plain input until used, then antd's AutoComplete with what was typed and the
 * focus; the home page's regions table loads when its section is in view or the visitor scrolls,
 * and at once when signed in.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AuthState } from '../../src/web/features/auth/authSlice';
import { failOnConsoleErrors, fakeFetch, jsonResponse, renderApp } from './testUtils';

failOnConsoleErrors();

const anonymous: AuthState = { status: 'unauthenticated', user: null };
const signedIn: AuthState = { status: 'authenticated', user: { username: 'ann', sub: 'sub-1' } };

/** An IntersectionObserver stand-in whose observed elements a test can make visible. */
class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  readonly targets: Element[] = [];
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeIntersectionObserver.instances.push(this);
  }
  observe(target: Element): void {
    this.targets.push(target);
  }
  unobserve(): void {}
  disconnect(): void {
    this.targets.length = 0;
  }
  takeRecords(): IntersectionObserverEntry[] {
    return [];
  }
  /** Reports every observed element as intersecting. */
  show(): void {
    const entries = this.targets.map(
      (target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry,
    );
    if (entries.length > 0) this.callback(entries, this as unknown as IntersectionObserver);
  }
}

/** The table in the regions section (the dashboard has a table of its own). */
function regionsTable(): HTMLElement {
  return within(screen.getByRole('region', { name: 'Regions' })).getByRole('table');
}

describe('the header search', () => {
  it('is a plain input until focused, then the search box with what was typed and the focus', async () => {
    renderApp({ route: '/pricing', preloadedState: { auth: anonymous } });
    const plain = await screen.findByRole('textbox', { name: 'Search the FAQ and docs' });
    expect(document.querySelector('.ant-select')).toBeNull();

    act(() => plain.focus());
    fireEvent.change(plain, { target: { value: 'peanuts' } });
    await waitFor(() => expect(document.querySelector('.ant-select')).not.toBeNull());
    const box = screen.getByRole('combobox', { name: 'Search the FAQ and docs' });
    expect(box).toHaveValue('peanuts');
    expect(box).toHaveFocus();
    // It searches: the index loads on focus and results follow the debounce.
    await waitFor(() =>
      expect(document.querySelectorAll('.ant-select-item-option').length).toBeGreaterThan(0),
    );
  });
});

describe('the regions table on the home page', () => {
  const original = globalThis.IntersectionObserver;
  beforeEach(() => {
    FakeIntersectionObserver.instances = [];
    globalThis.IntersectionObserver =
      FakeIntersectionObserver as unknown as typeof IntersectionObserver;
  });
  afterEach(() => {
    if (original) globalThis.IntersectionObserver = original;
    else delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
  });

  it('signed out, shows its section title until the visitor scrolls, then the table', async () => {
    renderApp({ route: '/', preloadedState: { auth: anonymous } });
    await screen.findByText('Please authenticate');
    expect(await screen.findByRole('heading', { name: 'Regions' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    act(() => {
      window.dispatchEvent(new Event('scroll'));
    });
    await waitFor(regionsTable);
    expect(screen.getAllByRole('heading', { name: 'Regions' })).toHaveLength(1);
  });

  it('signed out, loads the table once its section is in view with the landing laid out', async () => {
    let servePacks: (response: Response) => void = () => undefined;
    const fetch = fakeFetch({
      'GET /v1/peanuts/packs/': () => new Promise<Response>((resolve) => (servePacks = resolve)),
    });
    renderApp({
      route: '/',
      preloadedState: { auth: anonymous },
      storeOptions: { fetch, retryDelayMs: 0 },
    });
    await screen.findByRole('heading', { name: 'Regions' });
    // While the packs load, the section may be in view only for now: that does not count.
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    act(() => FakeIntersectionObserver.instances.forEach((observer) => observer.show()));
    expect(FakeIntersectionObserver.instances).toHaveLength(0);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    act(() => servePacks(jsonResponse({ packs: [] })));
    await waitFor(() => expect(FakeIntersectionObserver.instances.length).toBeGreaterThan(0));
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    act(() => FakeIntersectionObserver.instances.forEach((observer) => observer.show()));
    await waitFor(regionsTable);
  });

  it('signed in, shows the table without waiting for a scroll', async () => {
    renderApp({ route: '/', preloadedState: { auth: signedIn } });
    await waitFor(regionsTable);
    expect(FakeIntersectionObserver.instances).toHaveLength(0);
  });
});
