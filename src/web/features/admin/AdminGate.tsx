/**
 * The guard of `/admin` (docs/operator-console.md "Console"): the console only for an operator;
 * a customer or a visitor gets the not-found page, and the console's chunk is never requested
 * for them (its lazy component is rendered only here, for an operator).
 */
import type { ReactNode } from 'react';
import { PageLoader } from '../../components/PageLoader';
import { NotFound } from '../../components/errors/NotFound';
import { useOperatorStatus } from './operatorApi';

/** Text of the loader while the operator check runs. */
export const OPERATOR_CHECK_TEXT = 'Loading...';

/** Renders `children` (the console) for an operator only. */
export function AdminGate({ children }: { children: ReactNode }) {
  const status = useOperatorStatus();
  if (status === 'pending') return <PageLoader text={OPERATOR_CHECK_TEXT} />;
  if (status !== 'operator') return <NotFound />;
  return <>{children}</>;
}
