/**
 * Nothing Redux DevTools or a log could record holds a secret. A sign-in, a password
 * change, a create, a config download and a QR code run against a store that records every
 * action; no action and no state holds the passwords, the token, the WireGuard config text (or
 * its base64) or the QR PNG.
 */
import './vpns/abortPolyfill';
import { MOCK_VPN_CONFIG_LIMITS } from '../../src/core/limits';
import { makeStore } from '../../src/web/app/store';
import { changePassword, signIn } from '../../src/web/features/auth/authThunks';
import {
  initialVpnsState,
  vpnConfigDownloadRequested,
  vpnCreateRequested,
  vpnQrCodeRequested,
} from '../../src/web/features/vpns/vpnsSlice';
import { ANN, fakeIdentity } from './fakeIdentity';
import { TEST_APP_CONFIG } from './testUtils';
import { CONFIG_TEXT, QR_BASE64, fakeVpnApi, instantClock, settle } from './vpns/fakeVpnApi';
import { actionRecorder } from './vpns/recorder';

const PASSWORD = 'Old-Secret-Passw0rd!';
const NEW_PASSWORD = 'New-Secret-Passw0rd!';
const TOKEN = 'eyJhbGciOiJSUzI1NiJ9.secret-id-token-payload.signature-part';

it('keeps passwords, tokens, config text and QR images out of every action and the state', async () => {
  const identity = fakeIdentity(ANN);
  identity.getIdToken.mockResolvedValue(TOKEN);
  const api = fakeVpnApi({ balance: 37 });
  const recorder = actionRecorder();
  const store = makeStore(
    {
      appConfig: TEST_APP_CONFIG,
      vpns: { ...initialVpnsState, limits: MOCK_VPN_CONFIG_LIMITS },
    },
    {
      fetch: api.fetch,
      retryDelayMs: 0,
      identity,
      vpnClock: instantClock(),
      middleware: [recorder.middleware],
    },
  );
  // Browser side effects of Config and QRCode.
  let savedText = '';
  Object.assign(URL, {
    createObjectURL: jest.fn((blob: Blob) => {
      const reader = new FileReader();
      reader.onload = () => (savedText = String(reader.result));
      reader.readAsText(blob);
      return 'blob:1';
    }),
    revokeObjectURL: jest.fn(),
  });
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  const popup = { document: document.implementation.createHTMLDocument(''), close: jest.fn() };
  const open = jest.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);

  await store.dispatch(signIn({ email: ANN.email as string, password: PASSWORD }));
  await store.dispatch(changePassword({ oldPassword: PASSWORD, newPassword: NEW_PASSWORD }));
  store.dispatch(vpnCreateRequested({ region: 'eu-west-3' }));
  for (let i = 0; i < 100 && store.getState().vpns.items[0]?.vpn.state !== 'Running'; i += 1) {
    await settle(10);
  }
  const vpnId = store.getState().vpns.items[0].vpn.vpnId;
  store.dispatch(vpnConfigDownloadRequested(vpnId));
  store.dispatch(vpnQrCodeRequested(vpnId));
  for (let i = 0; i < 100 && !(savedText && popup.document.querySelector('img')); i += 1) {
    await settle(10);
  }
  click.mockRestore();
  open.mockRestore();

  // The flows did run with the secrets...
  expect(identity.signIn).toHaveBeenCalledWith(ANN.email, PASSWORD);
  expect(identity.changePassword).toHaveBeenCalledWith(PASSWORD, NEW_PASSWORD);
  expect(api.fetch.mock.calls.some(([, init]) => JSON.stringify(init).includes(TOKEN))).toBe(true);
  expect(savedText).toBe(CONFIG_TEXT);
  expect(popup.document.querySelector('img')?.getAttribute('src')).toContain(QR_BASE64);
  expect(store.getState().auth.status).toBe('authenticated');
  expect(store.getState().vpns.items[0].vpn.state).toBe('Running');
  expect(recorder.actions.length).toBeGreaterThan(10);

  // ...and none of them is in an action or in the state.
  const recorded = JSON.stringify(recorder.actions) + JSON.stringify(store.getState());
  const secrets = [
    PASSWORD,
    NEW_PASSWORD,
    TOKEN,
    CONFIG_TEXT,
    JSON.stringify(CONFIG_TEXT).slice(1, -1),
    Buffer.from(CONFIG_TEXT).toString('base64'),
    'PrivateKey',
    QR_BASE64,
  ];
  for (const secret of secrets) expect(recorded).not.toContain(secret);
});
