/**
 * The signed-in VPN workflows (spec §2 "Create flow", "VPN list", §4), a chunk of their own
 * (`vpn-workflows`): `vpnsSaga.ts` loads it at sign-in, so an anonymous visitor's `/` carries
 * none of the workflows, the SDK's VPN calls or the create validation (the landing budget). Each
 * group of actions arrives on its channel, which buffered it while this chunk loaded: one task
 * per create (by region) and per delete (by vpnId), the config and QR actions, the page loads and
 * the 10 s reload. The workflows live in `sagas/`.
 */
import { fork, takeEvery, takeLatest } from 'redux-saga/effects';
import { createVpnFlow, loadLimits } from './sagas/createSaga';
import { deleteVpnFlow } from './sagas/deleteSaga';
import { extendVpnFlow } from './sagas/extendSaga';
import { downloadConfigFlow, qrCodeFlow } from './sagas/filesSaga';
import { loadVisiblePage, watchListVisibility } from './sagas/listSaga';
import type { VpnWorkflowChannels } from './vpnsSaga';

/** Everything a signed-in user's VPNs need, fed by `channels`; cancelled on sign-out. */
export function* signedInVpnsSaga(channels: VpnWorkflowChannels) {
  yield takeEvery(channels.create, createVpnFlow);
  yield takeEvery(channels.delete, deleteVpnFlow);
  yield takeEvery(channels.extend, extendVpnFlow);
  yield takeEvery(channels.config, downloadConfigFlow);
  yield takeEvery(channels.qr, qrCodeFlow);
  yield takeLatest(channels.page, loadVisiblePage);
  yield takeLatest(channels.limits, loadLimits);
  yield fork(watchListVisibility, channels.visibility);
}
