/**
 * Typed react-redux hooks; use these instead of the plain ones.
 */
import { useDispatch, useSelector } from 'react-redux';
import type { AppDispatch, RootState } from './store';

/** useDispatch typed with the store's dispatch. */
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
/** useSelector typed with RootState. */
export const useAppSelector = useSelector.withTypes<RootState>();
