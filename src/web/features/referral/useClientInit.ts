/**
 * Client initialisation of the referral page (spec §2, §9): it waits until the auth status is
 * known and, for a signed-in user, until the identity client yields an id token (the session is
 * ready). It retries up to 3 times, 1000 ms before the first retry and doubling, then proceeds
 * anyway with the session not ready.
 */
import { useEffect, useState } from 'react';
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type { ApiExtra } from '../../app/api';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectAuthStatus, selectAuthUser } from '../auth';

/** Retries of the initialisation after the first attempt (spec §9). */
export const INIT_RETRIES = 3;
/** Delay before the first retry, in milliseconds; doubled on each further retry (spec §9). */
export const INIT_RETRY_DELAY_MS = 1000;

/** Where the initialisation stands. */
export interface ClientInit {
  /** False while attempts remain and the client is not initialised. */
  done: boolean;
  /** True when the client has both a session (an id token) and a user (spec §6). */
  sessionReady: boolean;
}

/** Thunk: whether the identity client has a session (an id token); true without an identity client. */
function hasSession(): ThunkAction<Promise<boolean>, unknown, ApiExtra, UnknownAction> {
  return async (_dispatch, _getState, extra) => {
    if (!extra.identity) return true;
    try {
      return (await extra.identity.getIdToken()) !== undefined;
    } catch {
      return false;
    }
  };
}

/** Hook: runs the initialisation with its retries whenever the auth status or user changes. */
export function useClientInit(): ClientInit {
  const dispatch = useAppDispatch();
  const status = useAppSelector(selectAuthStatus);
  const user = useAppSelector(selectAuthUser);
  const [state, setState] = useState<ClientInit>({ done: false, sessionReady: false });

  useEffect(() => {
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    setState({ done: false, sessionReady: false });
    const attempt = async (retry: number): Promise<void> => {
      let ready = false;
      let initialised = false;
      if (status === 'unauthenticated') {
        initialised = true;
      } else if (status === 'authenticated' && user !== null) {
        ready = await dispatch(hasSession());
        initialised = ready;
      }
      if (cancelled) return;
      if (initialised || retry >= INIT_RETRIES) {
        setState({ done: true, sessionReady: ready });
        return;
      }
      timer = setTimeout(() => void attempt(retry + 1), INIT_RETRY_DELAY_MS * 2 ** retry);
    };
    void attempt(0);
    return () => {
      cancelled = true;
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [dispatch, status, user]);

  return state;
}
