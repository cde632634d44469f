/**
 * The VPN list (spec §2 "VPN list"): loading the visible page with its metrics, and reloading it
 * every 10 s while it is on screen, through the saga context's clock. A VPN that a wait polls is
 * not fetched again by the reload: its row is the wait's (one wait per VPN).
 */
import type { Action } from '@reduxjs/toolkit';
import type { Channel } from 'redux-saga';
import { call, put, race, select, take } from 'redux-saga/effects';
import { UI_VPN_PAGE_SIZE } from '../../../../core/constants';
import { POLL_INTERVAL_S, isStateInProgress, type VpnWithMetrics } from '../../../../core/vpn';
import type { HttpClient } from '../../../../sdk/http';
import { listVpns, type ListVpnsResult } from '../../../../sdk/vpns';
import type { Clock } from '../../../../sdk/waitForState';
import { errorReported } from '../../errors';
import {
  selectVpnItems,
  selectVpnWaits,
  vpnListHidden,
  vpnListShown,
  vpnPageFailed,
  vpnPageLoaded,
  vpnPageReloadRequested,
  vpnPageTokenFound,
  type VpnWait,
  type VpnsState,
} from '../vpnsSlice';
import { callAbortable, reloadBalance, report, sleep, vpnClock, vpnHttpClient } from './context';

/**
 * Loads the visible page (`state.vpns.page`) with its metrics. A page whose token is not known
 * yet is reached by reading the pages before it; past the last page, the last page is shown.
 */
export function* loadVisiblePage() {
  try {
    const http: HttpClient = yield call(vpnHttpClient);
    const { page: wanted, pageTokens }: VpnsState = yield select(
      (s: { vpns: VpnsState }) => s.vpns,
    );
    let page = Math.max(1, Math.min(wanted, pageTokens.length));
    let token = pageTokens[page - 1] ?? undefined;
    for (;;) {
      const waits: Record<string, VpnWait> = yield select(selectVpnWaits);
      const kept = Object.keys(waits);
      const result: ListVpnsResult = yield call(callAbortable, (signal: AbortSignal) =>
        listVpns(http, {
          pageSize: UI_VPN_PAGE_SIZE,
          nextPageToken: token,
          signal,
          skipMetrics: (vpn) => kept.includes(vpn.vpnId),
        }),
      );
      yield put(vpnPageTokenFound({ page, nextPageToken: result.nextPageToken }));
      if (page >= wanted || !result.nextPageToken) {
        yield put(
          vpnPageLoaded({
            page,
            items: result.items,
            ...(result.nextPageToken ? { nextPageToken: result.nextPageToken } : {}),
            totalVpns: result.totalVpns,
            totalPages: result.totalPages,
            kept: result.items.map(({ vpn }) => vpn.vpnId).filter((id) => kept.includes(id)),
          }),
        );
        if (result.error) yield put(errorReported(result.error));
        return;
      }
      page += 1;
      token = result.nextPageToken;
    }
  } catch (error) {
    yield put(vpnPageFailed());
    yield* report(error);
  }
}

/**
 * Reloads the visible page now and every 10 s (spec §4 interval) on the saga context's clock;
 * the balance too while a VPN runs or is on its way.
 */
export function* pollVisiblePage() {
  const clock: Clock = yield call(vpnClock);
  yield put(vpnPageReloadRequested());
  for (;;) {
    yield call(sleep, clock, POLL_INTERVAL_S * 1000);
    yield put(vpnPageReloadRequested());
    const items: VpnWithMetrics[] = yield select(selectVpnItems);
    if (items.some(({ vpn }) => vpn.state === 'Running' || isStateInProgress(vpn.state))) {
      yield* reloadBalance();
    }
  }
}

/** The next action of `type` on `channel` (the others are dropped). */
function* takeOfType(channel: Channel<Action>, type: string) {
  for (;;) {
    const action: Action = yield take(channel);
    if (action.type === type) return action;
  }
}

/**
 * Reloads while the list is shown; hiding it stops the reload (and its pending sleep).
 * `visibility` carries the list's shown and hidden actions (buffered from sign-in on).
 */
export function* watchListVisibility(visibility: Channel<Action>) {
  for (;;) {
    yield call(takeOfType, visibility, vpnListShown.type);
    yield race({
      poll: call(pollVisiblePage),
      hidden: call(takeOfType, visibility, vpnListHidden.type),
    });
  }
}
