/**
 * App-wide lifecycle actions that sagas react to.
 */
import { createAction } from '@reduxjs/toolkit';

/**
 * Dispatched once by boot after the store is made. The auth saga answers it by resolving the
 * auth status from the stored session.
 */
export const appStarted = createAction('app/started');
