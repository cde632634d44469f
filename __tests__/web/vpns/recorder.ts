/**
 * Records every action that reaches the store, in order, as Redux DevTools does (a middleware
 * given to makeStore).
 */
import type { Middleware, UnknownAction } from '@reduxjs/toolkit';

/** A recorder: its middleware and the actions it saw. */
export function actionRecorder() {
  const actions: UnknownAction[] = [];
  const middleware: Middleware = () => (next) => (action) => {
    actions.push(action as UnknownAction);
    return next(action);
  };
  return { actions, middleware };
}
