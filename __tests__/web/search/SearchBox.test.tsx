import { act, fireEvent, screen } from '@testing-library/react';
import { renderAt } from '../content/testUtils';
import SearchBox from '../../../src/web/features/search/SearchBox';
import { SEARCH_DEBOUNCE_MS } from '../../../src/core/constants';

/** Lets the dynamic import of the index and the resulting state updates settle. */
async function flush() {
  await act(async () => {
    for (let i = 0; i < 5; i += 1) await Promise.resolve();
  });
}

function advance(ms: number) {
  act(() => {
    jest.advanceTimersByTime(ms);
  });
}

function input() {
  return screen.getByPlaceholderText('Search the FAQ and docs');
}

function options() {
  return Array.from(document.querySelectorAll('.ant-select-item-option'));
}

beforeEach(() => {
  jest.useFakeTimers();
});

afterEach(() => {
  jest.useRealTimers();
});

describe('SearchBox', () => {
  it('shows results only 300 ms after the last keystroke, titles first', async () => {
    renderAt(<SearchBox />, '/');
    fireEvent.focus(input());
    await flush();
    fireEvent.change(input(), { target: { value: 'pea' } });
    advance(SEARCH_DEBOUNCE_MS - 100);
    fireEvent.change(input(), { target: { value: 'PEANUTS' } });
    advance(SEARCH_DEBOUNCE_MS - 1);
    expect(options()).toHaveLength(0);
    advance(1);
    expect(options().length).toBeGreaterThan(0);
    expect(options()[0]).toHaveTextContent('What are peanuts?');
    expect(screen.getAllByText('Frequently Asked Questions').length).toBeGreaterThan(0);
  });

  it('navigates to the chosen section', async () => {
    renderAt(<SearchBox />, '/pricing');
    fireEvent.focus(input());
    await flush();
    fireEvent.change(input(), { target: { value: 'what are peanuts' } });
    advance(SEARCH_DEBOUNCE_MS);
    const option = options().find((o) => o.textContent?.includes('What are peanuts?'));
    expect(option).toBeDefined();
    fireEvent.click(option as Element);
    expect(screen.getByTestId('location')).toHaveTextContent('/faq#whatarepeanuts');
    expect(input()).toHaveValue('');
  });

  it('finds text inside sections and CLI commands', async () => {
    renderAt(<SearchBox />, '/');
    fireEvent.focus(input());
    await flush();
    fireEvent.change(input(), { target: { value: 'download-config' } });
    advance(SEARCH_DEBOUNCE_MS);
    const option = options().find((o) => o.textContent?.includes('Step 5'));
    expect(option).toBeDefined();
    fireEvent.click(option as Element);
    expect(screen.getByTestId('location')).toHaveTextContent(
      '/doc-cli#step5downloadtheconfigurationandconnect',
    );
  });
});
