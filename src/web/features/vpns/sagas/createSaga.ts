/**
 * The create flow (spec §2 "Create flow") for one region: the button loads, the row message says
 * the VPN provisions, POST with the configuration panel's settings (the same selector as the
 * panel), the new VPN on top of the list with no metrics, a wait for Running that puts every
 * poll, then the VPN refreshed with its metrics and the balance reloaded. A deletion of the VPN
 * requested meanwhile cancels the wait (the delete flow takes the VPN over). A VPN that ends
 * Failed, and any failure, goes to the error card.
 */
import { call, put, race, select, take } from 'redux-saga/effects';
import type { Action } from '@reduxjs/toolkit';
import type { VpnConfigLimits } from '../../../../core/limits';
import { WIREGUARD, type CreateVpnRequest, type VpnWithMetrics } from '../../../../core/vpn';
import { validateDeleteAfter, validateMaxPeanuts } from '../../../../core/vpnValidation';
import type { HttpClient } from '../../../../sdk/http';
import { getBalance, getVpn, requestVpnCreation } from '../../../../sdk/vpns';
import type { RootState } from '../../../app/store';
import { regionMessageDismissed, regionMessageSet } from '../../regions';
import { selectCreateSettings, type CreateSettings } from '../createSettings';
import {
  selectMaxPeanuts,
  selectVpnLimits,
  vpnAdded,
  vpnCreateEnded,
  vpnCreateStarted,
  vpnDeleteRequested,
  vpnLimitsFailed,
  vpnLimitsLoaded,
  vpnUpdated,
  type vpnCreateRequested,
} from '../vpnsSlice';
import {
  VpnFailedError,
  callAbortable,
  readLimits,
  reloadBalance,
  report,
  vpnDeps,
} from './context';
import { waitForVpnState, type WaitDeps } from './waitSaga';

/** Row message while a VPN provisions (spec §2 create flow). */
export const PROVISIONING_MESSAGE =
  'Your VPN is provisioning, please be patient. It should appear at the top of the list above.';
/** Row message once the VPN runs. */
export const RUNNING_MESSAGE =
  'Your VPN is running: download its configuration from the list above.';

/**
 * Reads the limits into the store. A failure ('No session found', 'Failed to decode token', a
 * missing claim) is kept for the configuration panel to show; creation then lets the server
 * apply its defaults.
 */
export function* loadLimits() {
  try {
    const limits: VpnConfigLimits | null = yield call(readLimits);
    if (limits) yield put(vpnLimitsLoaded(limits));
    return limits;
  } catch (error) {
    yield put(vpnLimitsFailed(error instanceof Error ? error.message : String(error)));
    return null;
  }
}

/**
 * The creation request of the configuration panel's settings (`selectCreateSettings` with the
 * balance read now), checked by spec §5 before asking. Without limits, the server's defaults
 * apply.
 * @throws NegativeBalanceError, MinPeanutsError, MaxPeanutsError, NotEnoughPeanutsError,
 *   MinDeleteAfterError, MaxDeleteAfterError (spec §5 messages); ApiError, NetworkError.
 */
export function* buildCreateRequest(http: HttpClient, region: string) {
  let limits: VpnConfigLimits | null = yield select(selectVpnLimits);
  if (!limits) limits = yield call(loadLimits);
  if (!limits) {
    const maxPeanuts: number = yield select(selectMaxPeanuts);
    const request: CreateVpnRequest = { region, config: { type: WIREGUARD, maxPeanuts } };
    return request;
  }
  const { balance }: { balance: number } = yield call(callAbortable, (signal: AbortSignal) =>
    getBalance(http, { signal }),
  );
  const settings: CreateSettings = yield select(
    (state: RootState) => selectCreateSettings(state, balance) as CreateSettings,
  );
  const { deleteAfter, maxPeanuts } = settings.request;
  validateMaxPeanuts(maxPeanuts, balance, limits);
  validateDeleteAfter(deleteAfter, limits);
  const request: CreateVpnRequest = {
    region,
    config: { type: WIREGUARD, maxPeanuts, deleteAfter },
  };
  return request;
}

/** True for the deletion request of `vpnId`. */
const isDeleteOf =
  (vpnId: string) =>
  (action: Action): boolean =>
    vpnDeleteRequested.match(action) && action.payload === vpnId;

/** The create flow of one region (spec §2). */
export function* createVpnFlow(action: ReturnType<typeof vpnCreateRequested>) {
  const { region } = action.payload;
  yield put(vpnCreateStarted(region));
  yield put(regionMessageSet({ region, message: PROVISIONING_MESSAGE }));
  try {
    const deps: WaitDeps = yield call(vpnDeps);
    const { http } = deps;
    const request: CreateVpnRequest = yield call(buildCreateRequest, http, region);
    const vpnId: string = yield call(callAbortable, (signal: AbortSignal) =>
      requestVpnCreation(http, request, { signal }),
    );
    const created: VpnWithMetrics = yield call(callAbortable, (signal: AbortSignal) =>
      getVpn(http, vpnId, { signal }),
    );
    yield put(vpnAdded({ vpn: created.vpn }));
    const { reached }: { reached?: VpnWithMetrics } = yield race({
      reached: call(waitForVpnState, deps, vpnId, 'Running', 'create'),
      deleted: take(isDeleteOf(vpnId)),
    });
    if (!reached) {
      // Deleted while provisioning: the delete flow follows the VPN to Deleted.
      yield put(regionMessageDismissed(region));
      return;
    }
    if (reached.vpn.state === 'Failed') throw new VpnFailedError(vpnId);
    const fresh: VpnWithMetrics = yield call(callAbortable, (signal: AbortSignal) =>
      getVpn(http, vpnId, { signal }),
    );
    yield put(vpnUpdated(fresh));
    if (fresh.vpn.state === 'Running') {
      yield put(regionMessageSet({ region, message: RUNNING_MESSAGE }));
    } else {
      yield put(regionMessageDismissed(region));
    }
    yield* reloadBalance();
  } catch (error) {
    yield put(regionMessageDismissed(region));
    yield* report(error);
    // The balance may have moved (a VPN created, then failed or timed out).
    yield* reloadBalance();
  } finally {
    yield put(vpnCreateEnded(region));
  }
}
