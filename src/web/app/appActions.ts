/**
 * App-wide lifecycle actions that sagas react to.
 */
import { createAction } from '@reduxjs/toolkit';

/**
 * Dispatched once by boot after the store is made. The auth saga answers it by resolving the
 * auth status (for now: unauthenticated; the identity saga replaces that later).
 */
export const appStarted = createAction('app/started');
