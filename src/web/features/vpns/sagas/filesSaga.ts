/**
 * The Config and QRCode actions of a Running VPN (spec §2 "VPN list" > Actions): the decoded
 * .conf file saved under its short name, and the QR code window. The config text and the PNG
 * go from the SDK call to the browser and never through an action or the state.
 */
import { call, put } from 'redux-saga/effects';
import { PeanutError } from '../../../../core/errors';
import type { HttpClient } from '../../../../sdk/http';
import { getConfig, getQrConfig, type VpnConfigFile, type VpnQrConfig } from '../../../../sdk/vpns';
import { errorReported } from '../../errors';
import {
  WINDOW_BLOCKED_MESSAGE,
  openBlankWindow,
  renderQrWindow,
  saveTextFile,
} from '../browserFiles';
import type { vpnConfigDownloadRequested, vpnQrCodeRequested } from '../vpnsSlice';
import { report, vpnHttpClient } from './context';

/** Config: downloads the decoded .conf named after the VPN (spec §2). */
export function* downloadConfigFlow(action: ReturnType<typeof vpnConfigDownloadRequested>) {
  try {
    const http: HttpClient = yield call(vpnHttpClient);
    const file: VpnConfigFile = yield call(getConfig, http, action.payload);
    yield call(saveTextFile, file.fileName, file.text);
  } catch (error) {
    yield* report(error);
  }
}

/**
 * QRCode: opens a window at once (in the click's task, so it is not blocked as a popup), then
 * shows the heading naming the VPN, the scan instruction and the PNG. A blocked window fails with
 * 'Could not open new window' (spec §2, §8).
 */
export function* qrCodeFlow(action: ReturnType<typeof vpnQrCodeRequested>) {
  const vpnId = action.payload;
  const win: Window | null = yield call(openBlankWindow);
  if (!win) {
    yield put(errorReported(new PeanutError(WINDOW_BLOCKED_MESSAGE, 'WindowBlockedError')));
    return;
  }
  try {
    yield call(renderQrWindow, win, vpnId, { status: 'Loading the QR code...' });
    const http: HttpClient = yield call(vpnHttpClient);
    const qr: VpnQrConfig = yield call(getQrConfig, http, vpnId);
    yield call(renderQrWindow, win, vpnId, { dataUrl: qr.dataUrl });
  } catch (error) {
    win.close();
    yield* report(error);
  }
}
