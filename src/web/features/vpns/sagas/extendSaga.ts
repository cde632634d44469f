/**
 * The Extend flow (docs/product.md "VPN list"): sends the new maxPeanuts and/or deleteAfter of a
 * VPN (`PATCH /v1/vpns/{vpnId}`), puts the VPN as the server answers it on its row, and reloads
 * its usage and the balance; a refusal goes to the error card with the server's message. A
 * second request for a VPN being extended is ignored.
 */
import { call, put, select } from 'redux-saga/effects';
import type { VpnWithMetrics } from '../../../../core/vpn';
import { extendVpn, type VpnExtensionRequest } from '../../../../sdk/vpns';
import { usageApi } from '../usageApi';
import { vpnUpdated } from '../vpnsSlice';
import {
  selectIsExtending,
  vpnExtendEnded,
  vpnExtendStarted,
  type vpnExtendRequested,
} from '../usageSlice';
import type { RootState } from '../../../app/store';
import { callAbortable, reloadBalance, report, vpnHttpClient } from './context';
import type { HttpClient } from '../../../../sdk/http';

/** The Extend flow of one VPN. */
export function* extendVpnFlow(action: ReturnType<typeof vpnExtendRequested>) {
  const { vpnId, ...values } = action.payload;
  const busy: boolean = yield select((state: RootState) => selectIsExtending(state, vpnId));
  if (busy) return;
  yield put(vpnExtendStarted(vpnId));
  try {
    const http: HttpClient = yield call(vpnHttpClient);
    const request: VpnExtensionRequest = values;
    const item: VpnWithMetrics = yield call(callAbortable, (signal: AbortSignal) =>
      extendVpn(http, vpnId, request, { signal }),
    );
    yield put(vpnUpdated(item));
    yield put(usageApi.util.invalidateTags([{ type: 'VpnUsage', id: vpnId }]));
    yield* reloadBalance();
  } catch (error) {
    yield* report(error);
  } finally {
    yield put(vpnExtendEnded(vpnId));
  }
}
