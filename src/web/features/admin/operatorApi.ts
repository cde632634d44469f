/**
 * Whether the signed-in user is an operator (`GET /v1/account/role`; docs/operator-console.md):
 * in the main bundle for the header's Admin entry and the `/admin` gate.
 */
import { isOperator } from '../../../sdk/admin';
import { api } from '../../app/api';
import { useAppSelector } from '../../app/hooks';
import { selectAuthStatus, selectAuthUser } from '../auth';

/** The operator check. */
const operatorApi = api.injectEndpoints({
  endpoints: (build) => ({
    getOperator: build.query<boolean, string>({
      query: () => (http, signal) => isOperator(http, { signal }),
    }),
  }),
});

/**
 * The operator state of the signed-in user: `pending` (not known yet), `operator` or `customer`
 * (also when signed out). Asked once per signed-in account.
 */
export function useOperatorStatus(): 'pending' | 'operator' | 'customer' {
  const status = useAppSelector(selectAuthStatus);
  const sub = useAppSelector(selectAuthUser)?.sub;
  const signedIn = status === 'authenticated' && sub !== undefined;
  const { data, isLoading, isUninitialized } = operatorApi.useGetOperatorQuery(sub ?? '', {
    skip: !signedIn,
  });
  if (status === 'configuring') return 'pending';
  if (!signedIn) return 'customer';
  if (isLoading || isUninitialized) return 'pending';
  return data === true ? 'operator' : 'customer';
}
