/**
 * Typed react-redux hooks; use these instead of the plain ones.
 */
import { useDispatch, useSelector, useStore } from 'react-redux';
import type { AppDispatch, AppStore, RootState } from './store';

/** useDispatch typed with the store's dispatch. */
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
/** useSelector typed with RootState. */
export const useAppSelector = useSelector.withTypes<RootState>();
/** useStore typed with the app store. */
export const useAppStore = useStore.withTypes<AppStore>();
