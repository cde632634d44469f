/**
 * A scripted referral API (spec §7 shapes) over a fake fetch for the SPA's referral tests: the
 * own code, the referrer code, validation by a table of codes, stats and a paginated history.
 * Every route can be made to fail, and every request is recorded.
 */
import type { ReferralHistoryItem, ReferralStats } from '../../../src/sdk/referral';
import { jsonResponse } from '../testUtils';

/** The fake's state; tests change it between calls. */
export interface FakeReferralState {
  ownCode: string;
  referrerCode: string | null;
  /** Validation answers by code; codes not listed are 'Unknown code'. */
  validCodes: Set<string>;
  stats: ReferralStats;
  history: ReferralHistoryItem[];
  /** Routes (e.g. `GET /v1/referral/stats`) that answer 500. */
  failing: Set<string>;
  /** When set, history pages after the first wait for it (to see 'Loading more...'). */
  laterPagesGate?: Promise<void>;
}

/** One recorded request. */
export interface RecordedRequest {
  route: string;
  query: URLSearchParams;
  body: unknown;
}

/** A history item of the user's code, created at `createdAt` (ISO), with the given rewards. */
export function historyItem(
  id: number,
  createdAt: string,
  referrerReward = 5,
  refereeReward = 5,
): ReferralHistoryItem {
  return {
    relationshipId: `rel-${id}`,
    referralCode: 'ABCDEF12',
    createdAt,
    referrerReward,
    refereeReward,
  };
}

/** Makes the fake; `fetch` goes to the store options. */
export function fakeReferralApi(initial: Partial<FakeReferralState> = {}) {
  const state: FakeReferralState = {
    ownCode: 'ABCDEF12',
    referrerCode: null,
    validCodes: new Set(['C0FFEE42']),
    stats: { totalReferrals: 0, totalRewardsEarned: 0 },
    history: [],
    failing: new Set(),
    ...initial,
  };
  const requests: RecordedRequest[] = [];

  const answer = async (
    route: string,
    query: URLSearchParams,
    body: unknown,
  ): Promise<Response> => {
    if (route === 'GET /v1/referral/history' && query.get('nextToken') && state.laterPagesGate) {
      await state.laterPagesGate;
    }
    if (state.failing.has(route))
      return jsonResponse({ message: 'An error happened in the backend' }, 500);
    switch (route) {
      case 'GET /v1/referral/referralCode':
        return jsonResponse({ referralCode: state.ownCode });
      case 'GET /v1/referral/referrerCode':
        return jsonResponse({ referrerCode: state.referrerCode });
      case 'POST /v1/referral/validate': {
        const code = (body as { referralCode: string }).referralCode;
        return state.validCodes.has(code)
          ? jsonResponse({ isValid: true })
          : jsonResponse({
              isValid: false,
              error: `Error with referral code: ${code}: Unknown code`,
              errorCode: 1,
            });
      }
      case 'GET /v1/referral/stats':
        return jsonResponse(state.stats);
      case 'GET /v1/referral/history': {
        const limit = Number(query.get('limit') ?? 10);
        const start = Number(query.get('nextToken') ?? 0);
        const page = state.history.slice(start, start + limit);
        const next = start + limit;
        const hasMore = next < state.history.length;
        return jsonResponse({
          history: page,
          pagination: { nextToken: hasMore ? String(next) : null, hasMore },
        });
      }
      default:
        return jsonResponse({ message: 'Not found' }, 404);
    }
  };

  const fetch = jest.fn(
    async (input: Parameters<typeof globalThis.fetch>[0], init?: RequestInit) => {
      const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
      const route = `${init?.method ?? 'GET'} ${url.pathname}`;
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      requests.push({ route, query: url.searchParams, body });
      return answer(route, url.searchParams, body);
    },
  );

  /** The recorded requests of `route`. */
  const calls = (route: string) => requests.filter((request) => request.route === route);

  return { state, fetch, requests, calls };
}
