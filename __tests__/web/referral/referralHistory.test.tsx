/**
 * The referral history (spec §2 "History table", §4 "Referral history loading", §5 "History
 * filters", §8, §9): columns and formats, sorting, From/To filters with the inclusive end day,
 * Clear Filters, Total and Earned, 10 rows per page, Load More and its rule, the empty, loading and
 * error texts, and the privacy note.
 */
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ReferralHistory } from '../../../src/web/features/referral/ReferralHistory';
import {
  endOfDay,
  filterHistory,
  formatHistoryDate,
  formatReward,
  HISTORY_TEXTS,
  LOAD_MORE_MARGIN,
  showLoadMore,
  sortHistory,
  startOfDay,
  summarizeHistory,
  yourReward,
  friendsReward,
} from '../../../src/web/features/referral/historyRules';
import type { AuthState } from '../../../src/web/features/auth/authSlice';
import { ANN } from '../fakeIdentity';
import { failOnConsoleErrors, renderWithProviders } from '../testUtils';
import { fakeReferralApi, historyItem } from './fakeReferralApi';

configure({ asyncUtilTimeout: 15_000 });
failOnConsoleErrors();

const signedIn: AuthState = {
  status: 'authenticated',
  user: { username: ANN.username, email: ANN.email, sub: ANN.sub },
};

const HISTORY = 'GET /v1/referral/history';

/** Local date-time as ISO (the filters work on local days). */
const at = (month: number, day: number, hour = 12, minute = 0, second = 0, ms = 0) =>
  new Date(2026, month - 1, day, hour, minute, second, ms).toISOString();

function renderHistory(api: ReturnType<typeof fakeReferralApi>, sessionReady = true) {
  return renderWithProviders(<ReferralHistory sessionReady={sessionReady} />, {
    preloadedState: { auth: signedIn },
    storeOptions: { fetch: api.fetch },
  });
}

/** The table body's rows (antd's placeholder row excluded). */
const rows = () =>
  Array.from(document.querySelectorAll<HTMLTableRowElement>('tbody tr.ant-table-row'));
/** The Date cell of each shown row. */
const dates = () => rows().map((row) => row.cells[0].textContent);
/** The Your Reward cell of each shown row. */
const rewards = () => rows().map((row) => row.cells[1].textContent);

/** Types `value` (YYYY-MM-DD) into the antd DatePicker labelled `label` and confirms it. */
async function pickDate(label: 'From Date' | 'To Date', value: string) {
  const input = screen.getByPlaceholderText(label);
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
  fireEvent.blur(input);
  await waitFor(() => expect(input).toHaveValue(value));
}

describe('history rules', () => {
  const items = [
    historyItem(1, at(3, 4, 23, 59, 59, 999), 5),
    historyItem(2, at(3, 5, 0, 0), 7),
    historyItem(3, at(3, 5, 23, 59, 59, 999), 1),
    historyItem(4, at(3, 6, 0, 0), 3),
  ];

  it('From is on or after the start of its day; To includes its whole day up to 23:59:59.999', () => {
    const day = Date.parse(at(3, 5, 15, 30));
    expect(new Date(startOfDay(day)).getHours()).toBe(0);
    expect(new Date(endOfDay(day)).getMilliseconds()).toBe(999);
    const ids = (from: number | null, to: number | null) =>
      filterHistory(items, { from, to }).map((item) => item.relationshipId);
    expect(ids(day, null)).toEqual(['rel-2', 'rel-3', 'rel-4']);
    expect(ids(null, day)).toEqual(['rel-1', 'rel-2', 'rel-3']);
    expect(ids(day, day)).toEqual(['rel-2', 'rel-3']);
    expect(ids(null, null)).toHaveLength(4);
  });

  it('sorts by createdAt or referrerReward, both ways', () => {
    const ids = (field: 'createdAt' | 'referrerReward', order: 'ascend' | 'descend') =>
      sortHistory(items, { field, order }).map((item) => item.relationshipId);
    expect(ids('createdAt', 'descend')).toEqual(['rel-4', 'rel-3', 'rel-2', 'rel-1']);
    expect(ids('createdAt', 'ascend')).toEqual(['rel-1', 'rel-2', 'rel-3', 'rel-4']);
    expect(ids('referrerReward', 'descend')).toEqual(['rel-2', 'rel-1', 'rel-4', 'rel-3']);
    expect(ids('referrerReward', 'ascend')).toEqual(['rel-3', 'rel-4', 'rel-1', 'rel-2']);
  });

  it("counts the referee's own reward as theirs when the user was the referee", () => {
    const asReferrer = historyItem(1, '2026-11-01T10:00:00Z', 5, 3);
    const asReferee = { ...historyItem(2, '2026-11-02T10:00:00Z', 5, 3), role: 'referee' as const };
    expect([yourReward(asReferrer), friendsReward(asReferrer)]).toEqual([5, 3]);
    expect([yourReward(asReferee), friendsReward(asReferee)]).toEqual([3, 5]);
    expect(summarizeHistory([asReferrer, asReferee])).toEqual({ total: 2, earned: 8 });
  });

  it('shows Load More only while the server has more and filtered < loaded + 20', () => {
    expect(LOAD_MORE_MARGIN).toBe(20);
    expect(showLoadMore({ hasMore: true, filteredCount: 50, loadedCount: 50 })).toBe(true);
    expect(showLoadMore({ hasMore: true, filteredCount: 0, loadedCount: 50 })).toBe(true);
    expect(showLoadMore({ hasMore: false, filteredCount: 10, loadedCount: 50 })).toBe(false);
    expect(showLoadMore({ hasMore: true, filteredCount: 68, loadedCount: 49 })).toBe(true);
    expect(showLoadMore({ hasMore: true, filteredCount: 69, loadedCount: 49 })).toBe(false);
    expect(showLoadMore({ hasMore: true, filteredCount: 70, loadedCount: 50 })).toBe(false);
  });

  it('formats rewards as +N and dates in US English short format with hour and minute', () => {
    expect(formatReward(5)).toBe('+5');
    expect(formatReward(2.5)).toBe('+2.5');
    expect(formatHistoryDate(at(11, 3, 15, 7))).toBe('Nov 3, 2026, 03:07 PM');
  });
});

describe('ReferralHistory', () => {
  it('shows the loading text, then the columns, rewards as +N, newest first, 10 rows a page', async () => {
    const history = Array.from({ length: 12 }, (_, i) =>
      historyItem(i, at(1, i + 1, 9, 30), i + 1, 5),
    );
    let release: () => void = () => undefined;
    const api = fakeReferralApi({ history });
    const answer = api.fetch.getMockImplementation()!;
    api.fetch.mockImplementationOnce(async (...args) => {
      await new Promise<void>((resolve) => (release = resolve));
      return answer(...args);
    });
    renderHistory(api);
    expect(screen.getByText(HISTORY_TEXTS.loading)).toBeInTheDocument();
    await waitFor(() => expect(api.fetch).toHaveBeenCalledTimes(1));
    expect(screen.getByText(HISTORY_TEXTS.loading)).toBeInTheDocument();
    act(() => release());
    await waitFor(() => expect(rows()).toHaveLength(10));
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual(['Date', 'Your Reward', "Friend's Reward"]);
    expect(dates()[0]).toBe(formatHistoryDate(at(1, 12, 9, 30)));
    expect(dates()[9]).toBe(formatHistoryDate(at(1, 3, 9, 30)));
    expect(rewards()[0]).toBe('+12');
    expect(rows()[0].cells[2].textContent).toBe('+5');
    expect(screen.getByTestId('history-total')).toHaveTextContent('12');
    expect(screen.getByTestId('history-earned')).toHaveTextContent('+78');
    expect(api.calls(HISTORY)[0].query.get('limit')).toBe('50');
    expect(screen.getByText(HISTORY_TEXTS.privacy)).toBeInTheDocument();

    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(dates()).toEqual([
      formatHistoryDate(at(1, 2, 9, 30)),
      formatHistoryDate(at(1, 1, 9, 30)),
    ]);
    // A sort change goes back to page 1.
    fireEvent.click(screen.getByRole('columnheader', { name: /Date/ }));
    await waitFor(() => expect(rows()).toHaveLength(10));
    expect(dates()[0]).toBe(formatHistoryDate(at(1, 1, 9, 30)));
  });

  it('toggles the date sort and sorts by Your Reward', async () => {
    const history = [
      historyItem(1, at(2, 1), 3),
      historyItem(2, at(2, 3), 1),
      historyItem(3, at(2, 2), 9),
    ];
    renderHistory(fakeReferralApi({ history }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    const day = (d: number) => formatHistoryDate(at(2, d));
    expect(dates()).toEqual([day(3), day(2), day(1)]);
    fireEvent.click(screen.getByRole('columnheader', { name: /Date/ }));
    await waitFor(() => expect(dates()).toEqual([day(1), day(2), day(3)]));
    fireEvent.click(screen.getByRole('columnheader', { name: /Date/ }));
    await waitFor(() => expect(dates()).toEqual([day(3), day(2), day(1)]));
    fireEvent.click(screen.getByRole('columnheader', { name: /Your Reward/ }));
    await waitFor(() => expect(rewards()).toEqual(['+9', '+3', '+1']));
    fireEvent.click(screen.getByRole('columnheader', { name: /Your Reward/ }));
    await waitFor(() => expect(rewards()).toEqual(['+1', '+3', '+9']));
  });

  it('filters From and To (inclusive end of day), sums Total and Earned, and clears', async () => {
    const history = [
      historyItem(1, at(3, 4, 23, 59, 59, 999), 5),
      historyItem(2, at(3, 5, 0, 0), 7),
      historyItem(3, at(3, 5, 23, 59, 59, 999), 1),
      historyItem(4, at(3, 6, 0, 0), 3),
    ];
    renderHistory(fakeReferralApi({ history }));
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(screen.getByRole('button', { name: 'Clear Filters' })).toBeDisabled();

    await pickDate('From Date', '2026-03-05');
    await waitFor(() => expect(rows()).toHaveLength(3));
    await pickDate('To Date', '2026-03-05');
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rewards()).toEqual(['+1', '+7']);
    expect(screen.getByTestId('history-total')).toHaveTextContent('2');
    expect(screen.getByTestId('history-earned')).toHaveTextContent('+8');

    await pickDate('From Date', '2026-03-07');
    expect(await screen.findByText(HISTORY_TEXTS.noMatch)).toBeInTheDocument();
    expect(screen.getByTestId('history-total')).toHaveTextContent('0');

    fireEvent.click(screen.getByRole('button', { name: 'Clear Filters' }));
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(screen.getByPlaceholderText('From Date')).toHaveValue('');
    expect(screen.getByPlaceholderText('To Date')).toHaveValue('');
    expect(screen.getByTestId('history-earned')).toHaveTextContent('+16');
  });

  it("loads more with the next token, shows 'Loading more...' meanwhile, and appends", async () => {
    const history = Array.from({ length: 60 }, (_, i) =>
      historyItem(i, new Date(Date.UTC(2026, 0, 1) + i * 3_600_000).toISOString()),
    );
    let release: () => void = () => undefined;
    const api = fakeReferralApi({
      history,
      laterPagesGate: new Promise<void>((resolve) => (release = resolve)),
    });
    renderHistory(api);
    const loadMore = await screen.findByRole('button', { name: HISTORY_TEXTS.loadMore });
    expect(screen.getByTestId('history-total')).toHaveTextContent('50');
    fireEvent.click(loadMore);
    expect(await screen.findByRole('button', { name: /Loading more\.\.\./ })).toBeInTheDocument();
    act(() => release());
    await waitFor(() => expect(screen.getByTestId('history-total')).toHaveTextContent('60'));
    expect(api.calls(HISTORY).map((call) => call.query.get('nextToken'))).toEqual([null, '50']);
    // The server has no more pages: the button goes.
    expect(screen.queryByRole('button', { name: HISTORY_TEXTS.loadMore })).not.toBeInTheDocument();
  });

  it('has no Load More when the server has no more pages', async () => {
    renderHistory(fakeReferralApi({ history: [historyItem(1, at(1, 1))] }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.queryByRole('button', { name: HISTORY_TEXTS.loadMore })).not.toBeInTheDocument();
  });

  it('says there are no referrals yet when the history is empty', async () => {
    renderHistory(fakeReferralApi());
    expect(await screen.findByText(HISTORY_TEXTS.empty)).toBeInTheDocument();
  });

  it("shows the dismissible 'Failed to load referral history' and reports it", async () => {
    const api = fakeReferralApi();
    api.state.failing.add(HISTORY);
    const { store } = renderHistory(api);
    const alert = await screen.findByText(HISTORY_TEXTS.loadFailed);
    expect(alert).toBeInTheDocument();
    await waitFor(() => expect(store.getState().errors.message).not.toBeNull());
    const box = alert.closest('.ant-alert') as HTMLElement;
    fireEvent.click(within(box).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() =>
      expect(screen.queryByText(HISTORY_TEXTS.loadFailed)).not.toBeInTheDocument(),
    );
  });
});
