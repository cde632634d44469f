/**
 * What the VPN saga tests share: the store's root reducer, a signed-in state with the mock limits
 * and the test app config, and the providers that give the sagas the fake API's HttpClient and a
 * test clock.
 */
import * as matchers from 'redux-saga-test-plan/matchers';
import type { StaticProvider } from 'redux-saga-test-plan/providers';
import { MOCK_VPN_CONFIG_LIMITS } from '../../../src/core/limits';
import type { VpnState } from '../../../src/core/vpn';
import type { Clock } from '../../../src/sdk/waitForState';
import { rootReducer, type RootState } from '../../../src/web/app/store';
import type { AuthState } from '../../../src/web/features/auth/authSlice';
import { vpnClock, vpnHttpClient } from '../../../src/web/features/vpns/sagas/context';
import {
  initialVpnsState,
  vpnAdded,
  vpnPolled,
  vpnUpdated,
  type VpnsState,
} from '../../../src/web/features/vpns/vpnsSlice';
import { TEST_APP_CONFIG } from '../testUtils';
import type { fakeVpnApi } from './fakeVpnApi';

export { rootReducer };
export type State = RootState;

/** A signed-in user. */
export const signedIn: AuthState = {
  status: 'authenticated',
  user: { username: 'ann', sub: 'sub-ann' },
};

/** The store's initial state, signed in, with the mock limits (spec §9) and `vpns` over it. */
export function initialState(vpns: Partial<VpnsState> = {}, auth: AuthState = signedIn): State {
  const base = rootReducer(undefined, { type: '@@init' });
  return {
    ...base,
    appConfig: TEST_APP_CONFIG,
    auth,
    vpns: { ...initialVpnsState, limits: MOCK_VPN_CONFIG_LIMITS, ...vpns },
  };
}

/** The sagas' HttpClient is the fake API's; their clock is `clock`. */
export function providers(api: ReturnType<typeof fakeVpnApi>, clock: Clock): StaticProvider[] {
  return [
    [matchers.call.fn(vpnHttpClient), api.http],
    [matchers.call.fn(vpnClock), clock],
  ];
}

/** An effect as redux-saga-test-plan reports it. */
type Effect = { type: string; payload?: { action?: { type: string; payload?: unknown } } };

/** The actions the saga put, in order (from `allEffects`: `effects.put` drops repeats). */
export function putActions(result: {
  allEffects: unknown[];
}): { type: string; payload?: unknown }[] {
  return (result.allEffects as Effect[])
    .filter((effect) => effect.type === 'PUT' && effect.payload?.action)
    .map((effect) => effect.payload?.action as { type: string; payload?: unknown });
}

/** The VPN states the row actions (added, polled, updated) carried, in order. */
export function rowStates(actions: { type: string; payload?: unknown }[]): VpnState[] {
  const rowTypes: string[] = [vpnAdded.type, vpnPolled.type, vpnUpdated.type];
  return actions
    .filter((action) => rowTypes.includes(action.type))
    .map((action) => (action.payload as { vpn: { state: VpnState } }).vpn.state);
}

/** `states` with consecutive repeats dropped. */
export function steps(states: VpnState[]): VpnState[] {
  return states.filter((state, i) => i === 0 || states[i - 1] !== state);
}
