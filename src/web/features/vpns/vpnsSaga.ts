/**
 * The VPN workflows' watcher (spec §2 "Create flow", "VPN list", §4): while signed in, the
 * workflows of `vpnWorkflows.ts` run (a chunk loaded at sign-in: an anonymous visitor's `/`
 * does not load it); signing out (or losing the session, or deleting the account) cancels them
 * and with them every task (their HTTP calls and sleeps are aborted). The actions dispatched
 * while the chunk loads wait on their channels, so none is lost. The workflows live in `sagas/`:
 * `listSaga.ts`, `createSaga.ts`, `deleteSaga.ts`, `filesSaga.ts`, `extendSaga.ts`, and the wait
 * they share in `waitSaga.ts`.
 */
import type { Action } from '@reduxjs/toolkit';
import { buffers, type Channel, type Task } from 'redux-saga';
import { actionChannel, call, cancel, fork, put, select, take } from 'redux-saga/effects';
import {
  accountDeleted,
  authenticated,
  selectIsAuthenticated,
  sessionEnded,
  signOutRequested,
} from '../auth';
import { errorReported } from '../errors';
import {
  vpnConfigDownloadRequested,
  vpnCreateRequested,
  vpnDeleteRequested,
  vpnLimitsRequested,
  vpnListHidden,
  vpnListRefreshRequested,
  vpnListShown,
  vpnPageReloadRequested,
  vpnPageRequested,
  vpnQrCodeRequested,
} from './vpnsSlice';
import { vpnExtendRequested } from './usageSlice';

/** Actions that end the signed-in session: they cancel every VPN task. */
export const SIGNED_OUT_ACTIONS = [signOutRequested.type, sessionEnded.type, accountDeleted.type];
/** The action that starts a signed-in session (a stored session found, or a sign-in). */
export const SIGNED_IN_ACTION = authenticated.type;

/** The action types of each workflow group (one channel each). */
const WORKFLOW_ACTIONS = {
  create: [vpnCreateRequested.type],
  delete: [vpnDeleteRequested.type],
  extend: [vpnExtendRequested.type],
  config: [vpnConfigDownloadRequested.type],
  qr: [vpnQrCodeRequested.type],
  page: [vpnPageRequested.type, vpnListRefreshRequested.type, vpnPageReloadRequested.type],
  limits: [vpnLimitsRequested.type],
  visibility: [vpnListShown.type, vpnListHidden.type],
} as const;

/** The channel of each workflow group's actions, buffered from sign-in on. */
export type VpnWorkflowChannels = Record<keyof typeof WORKFLOW_ACTIONS, Channel<Action>>;

/** The workflows' chunk. @throws ChunkLoadError */
function loadWorkflows() {
  return import(/* webpackChunkName: "vpn-workflows" */ './vpnWorkflows');
}

/**
 * One signed-in session's workflows: the channels open at once, then the chunk loads and its
 * saga takes the actions from them. A chunk that cannot be loaded goes to the error card.
 */
export function* signedInSessionSaga() {
  const channels: Partial<Record<keyof typeof WORKFLOW_ACTIONS, Channel<Action>>> = {};
  try {
    for (const group of Object.keys(WORKFLOW_ACTIONS) as (keyof typeof WORKFLOW_ACTIONS)[]) {
      channels[group] = yield actionChannel([...WORKFLOW_ACTIONS[group]], buffers.expanding());
    }
    let workflows: Awaited<ReturnType<typeof loadWorkflows>>;
    try {
      workflows = yield call(loadWorkflows);
    } catch (error) {
      yield put(errorReported(error));
      return;
    }
    yield call(workflows.signedInVpnsSaga, channels as VpnWorkflowChannels);
  } finally {
    for (const channel of Object.values(channels)) channel.close();
  }
}

/** Runs the workflows while signed in, cancelling them (and all their tasks) on sign-out. */
export function* vpnsSaga() {
  for (;;) {
    const signedIn: boolean = yield select(selectIsAuthenticated);
    if (!signedIn) yield take(SIGNED_IN_ACTION);
    const task: Task = yield fork(signedInSessionSaga);
    yield take(SIGNED_OUT_ACTIONS);
    yield cancel(task);
  }
}
