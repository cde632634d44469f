/**
 * The operator API `/v1/admin/` (docs/operator-console.md): every path answers 401 without a
 * token and 403 to a caller who is not an operator (admin/operators.ts).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { createCognitoPool, parseCognitoIssuer } from '../identity';
import adminFleetRoutes from './fleetRoutes';
import accountRoleRoute from './roleRoute';
import adminMoneyRoutes from './moneyRoutes';
import adminUserRoutes from './userRoutes';

/**
 * Registers every `/v1/admin/` path and `GET /v1/account/role`; with a real Cognito pool
 * (COGNITO_ISSUER), disabling and enabling its users' accounts changes them in the pool too.
 */
const adminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const ref = app.config.cognitoIssuer ? parseCognitoIssuer(app.config.cognitoIssuer) : undefined;
  const pool = ref && createCognitoPool(ref);
  if (pool) app.addHook('onClose', () => pool.close());
  await app.register(adminUserRoutes, { pool });
  await app.register(adminFleetRoutes);
  await app.register(adminMoneyRoutes);
  await app.register(accountRoleRoute);
};

export default adminRoutes;
