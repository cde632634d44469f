/**
 * The delete flow (spec §2 "VPN list" > Delete, §4 "Delete"), by core's `nextDeleteStep`: an
 * already Deleted VPN is left as it is; a VPN at or below Running is first waited for until
 * Running, then its deletion is requested and the row takes the returned state; then a wait for
 * Deleted puts every poll; the balance is reloaded at the end. Both waits are the VPN's one wait (a create wait of the same
 * VPN was cancelled by the deletion request).
 */
import { call, put, select } from 'redux-saga/effects';
import { isFinalDeleteStep, nextDeleteStep } from '../../../../core/deleteWorkflow';
import type { VpnWithMetrics } from '../../../../core/vpn';
import { getVpn, requestVpnDeletion } from '../../../../sdk/vpns';
import {
  selectDeletingVpnIds,
  vpnDeleteEnded,
  vpnDeleteStarted,
  vpnUpdated,
  type vpnDeleteRequested,
} from '../vpnsSlice';
import { callAbortable, reloadBalance, report, vpnDeps } from './context';
import { pollVpn, waitForVpnState, type WaitDeps } from './waitSaga';

/** The delete flow of one VPN; a second request for a VPN being deleted is ignored. */
export function* deleteVpnFlow(action: ReturnType<typeof vpnDeleteRequested>) {
  const vpnId = action.payload;
  const deleting: string[] = yield select(selectDeletingVpnIds);
  if (deleting.includes(vpnId)) return;
  yield put(vpnDeleteStarted(vpnId));
  try {
    const deps: WaitDeps = yield call(vpnDeps);
    const { http } = deps;
    let current: VpnWithMetrics = yield call(pollVpn, http, vpnId);
    let step = nextDeleteStep(current.vpn.state);
    while (!isFinalDeleteStep(step)) {
      if (step === 'requestDeletion') {
        yield call(callAbortable, (signal: AbortSignal) =>
          requestVpnDeletion(http, vpnId, { signal }),
        );
        current = yield call(callAbortable, (signal: AbortSignal) =>
          getVpn(http, vpnId, { signal }),
        );
        yield put(vpnUpdated(current));
      } else {
        const target = step === 'waitRunning' ? 'Running' : 'Deleted';
        current = yield call(waitForVpnState, deps, vpnId, target, 'delete');
      }
      step = nextDeleteStep(current.vpn.state, step);
    }
    if (step === 'deleted') yield* reloadBalance();
  } catch (error) {
    yield* report(error);
  } finally {
    yield put(vpnDeleteEnded(vpnId));
  }
}
