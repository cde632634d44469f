/**
 * The caller's VPNs (spec §7, authenticated): `GET /v1/vpns`, `POST /v1/vpns/`,
 * `GET|DELETE /v1/vpns/{vpnId}`, `PATCH /v1/vpns/{vpnId}` (extend) and
 * `GET /v1/vpns/{vpnId}/usage` (docs/api.md), `GET /v1/vpns/{vpnId}/config` and `/qrconfig` (each with or
 * without a trailing slash). Errors (spec §9): 400 with the spec's message for bad input or a
 * product rule, 404 'Vpn not found' for a missing VPN or another user's, 500 otherwise.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyReply } from 'fastify';
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

/** The content type of JSON answers, as Fastify sets it. */
const JSON_UTF8 = 'application/json; charset=utf-8';

/**
 * A sender of answers that the VPN service shares between requests (its read cache's): each
 * answer object is serialised by the route's response schema once, and its JSON is sent again
 * for as long as the service returns the same object (a change of the VPNs makes new objects).
 */
function sharedAnswerSender(): (reply: FastifyReply, answer: object) => FastifyReply {
  const serialized = new WeakMap<object, string>();
  return (reply, answer) => {
    let json = serialized.get(answer);
    if (json === undefined) {
      const out = reply.serialize(answer);
      if (typeof out !== 'string') return reply.send(answer);
      json = out;
      serialized.set(answer, json);
    }
    return reply.type(JSON_UTF8).send(json);
  };
}

/**
 * Sends `answer` with `send` once it is read. The promise resolves to the reply, as an async
 * handler that sent it returns it (Fastify then leaves the reply alone); typed `void` for the
 * route's return type, which only lists payloads.
 */
function answerLater<T extends object>(
  reply: FastifyReply,
  answer: Promise<T>,
  send: (reply: FastifyReply, answer: object) => FastifyReply,
): Promise<void> {
  return answer.then((value) => send(reply, value)) as Promise<unknown> as Promise<void>;
}

/** Registers the VPN routes. */
const vpnRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const preHandler = app.authenticate;
  const sendList = sharedAnswerSender();
  const sendVpn = sharedAnswerSender();

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
    (request, reply) => {
      const { pageSize, nextPageToken } = request.query;
      assertFiniteQuery(pageSize, 'pageSize', [1, MAX_PAGE_SIZE]);
      const { sub } = request.identity;
      // A cached first page is sent at once (no promise); anything else is read.
      const known = nextPageToken ? undefined : app.vpns.listKnown(sub, pageSize);
      if (known) {
        sendList(reply, known);
        return;
      }
      return answerLater(reply, app.vpns.list(sub, pageSize, nextPageToken), sendList);
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
    (request, reply) => {
      const vpnId = vpnIdOfParam(request.params.vpnId);
      const { sub } = request.identity;
      // A cached VPN is sent at once (no promise); anything else (a missing one too) is read.
      const known = app.vpns.getKnown(sub, vpnId);
      if (known) {
        sendVpn(reply, known);
        return;
      }
      return answerLater(reply, app.vpns.get(sub, vpnId), sendVpn);
    },
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
