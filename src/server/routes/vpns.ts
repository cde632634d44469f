/**
 * The caller's VPNs (spec §7, authenticated): `GET /v1/vpns`, `POST /v1/vpns/`,
 * `GET|DELETE /v1/vpns/{vpnId}`, `PATCH /v1/vpns/{vpnId}` (extend) and
 * `GET /v1/vpns/{vpnId}/usage` (docs/api.md), `GET /v1/vpns/{vpnId}/config` and `/qrconfig` (each with or
 * without a trailing slash). Errors (spec §9): 400 with the spec's message for bad input or a
 * product rule, 404 'Vpn not found' for a missing VPN or another user's, 500 otherwise.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { assertFiniteQuery } from '../errors';
import { errorResponses } from '../schemas/common';
import {
  CreateVpnBodySchema,
  CreateVpnResponseSchema,
  DeleteVpnResponseSchema,
  ExtendVpnBodySchema,
  ListVpnsQuerySchema,
  ListVpnsResponseSchema,
  VpnConfigFileSchema,
  VpnParamsSchema,
  VpnQrConfigSchema,
  VpnUsageSchema,
  VpnWithMetricsSchema,
} from '../schemas/vpns';
import { MAX_PAGE_SIZE, vpnIdOfParam } from '../vpns/service';

/** Schema parts every VPN route shares. */
const common = { tags: ['vpns'], security: [{ idToken: [] }] };

/** Registers the VPN routes. */
const vpnRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const preHandler = app.authenticate;

  app.get(
    '/v1/vpns',
    {
      preHandler,
      schema: {
        ...common,
        summary: "A page of the caller's VPNs, newest first",
        querystring: ListVpnsQuerySchema,
        response: { 200: ListVpnsResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      assertFiniteQuery(request.query.pageSize, 'pageSize', [1, MAX_PAGE_SIZE]);
      return app.vpns.list(
        request.identity.sub,
        request.query.pageSize,
        request.query.nextPageToken,
      );
    },
  );

  app.post(
    '/v1/vpns/',
    {
      // No body is an empty request: it fails the rules of spec §5 with their messages.
      preValidation: async (request) => {
        request.body ??= {};
      },
      preHandler,
      schema: {
        ...common,
        summary: 'Create a VPN (it then goes Creating, Created, Provisioning, Running)',
        body: CreateVpnBodySchema,
        response: { 202: CreateVpnResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const id = await app.vpns.create(request.identity, request.body);
      return reply.code(202).send({ vpn: { id } });
    },
  );

  app.get(
    '/v1/vpns/:vpnId',
    {
      preHandler,
      schema: {
        ...common,
        summary: 'A VPN and its metrics',
        params: VpnParamsSchema,
        response: { 200: VpnWithMetricsSchema, ...errorResponses },
      },
    },
    async (request) => app.vpns.get(request.identity.sub, vpnIdOfParam(request.params.vpnId)),
  );

  app.patch(
    '/v1/vpns/:vpnId',
    {
      preValidation: async (request) => {
        request.body ??= {};
      },
      preHandler,
      schema: {
        ...common,
        summary:
          'Extend a VPN that has not ended: a new maxPeanuts and/or deleteAfter, used from the next metering pass',
        params: VpnParamsSchema,
        body: ExtendVpnBodySchema,
        response: { 200: VpnWithMetricsSchema, ...errorResponses },
      },
    },
    async (request) =>
      app.vpns.extend(request.identity, vpnIdOfParam(request.params.vpnId), request.body),
  );

  app.delete(
    '/v1/vpns/:vpnId',
    {
      preHandler,
      schema: {
        ...common,
        summary: 'Delete a VPN (202: deletion under way; 204: already Deleted or Failed)',
        params: VpnParamsSchema,
        response: {
          202: DeleteVpnResponseSchema,
          204: Type.Null({ description: 'Already Deleted or Failed: nothing to do' }),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const outcome = await app.vpns.delete(
        request.identity.sub,
        vpnIdOfParam(request.params.vpnId),
      );
      if (outcome.status === 204) return reply.code(204).send(null);
      return reply.code(202).send({ vpn: outcome.vpn });
    },
  );

  app.get(
    '/v1/vpns/:vpnId/config',
    {
      preHandler,
      schema: {
        ...common,
        summary: 'The WireGuard client config of a Running VPN, base64',
        params: VpnParamsSchema,
        response: { 200: VpnConfigFileSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const text = await app.vpns.configText(
        request.identity.sub,
        vpnIdOfParam(request.params.vpnId),
      );
      reply.header('cache-control', 'no-store');
      return { config: Buffer.from(text, 'utf8').toString('base64') };
    },
  );

  app.get(
    '/v1/vpns/:vpnId/usage',
    {
      preHandler,
      schema: {
        ...common,
        summary: "A VPN's usage over time: cumulative bytes and peanuts, at most 300 points",
        params: VpnParamsSchema,
        response: { 200: VpnUsageSchema, ...errorResponses },
      },
    },
    async (request) => app.vpns.usage(request.identity.sub, vpnIdOfParam(request.params.vpnId)),
  );

  app.get(
    '/v1/vpns/:vpnId/qrconfig',
    {
      preHandler,
      schema: {
        ...common,
        summary: 'The config of a Running VPN as a QR code, base64 PNG',
        params: VpnParamsSchema,
        response: { 200: VpnQrConfigSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const qrconfig = await app.vpns.qrConfig(
        request.identity.sub,
        vpnIdOfParam(request.params.vpnId),
      );
      reply.header('cache-control', 'no-store');
      return { qrconfig };
    },
  );
};

export default vpnRoutes;
