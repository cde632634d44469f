/**
 * The operator API's fleet paths (docs/operator-console.md "VPNs", "Hosts", "Regions"): list and
 * terminate VPNs, list and drain hosts, list and enable or disable regions.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses } from '../schemas/common';
import {
  listFleetRegions,
  listFleetVpns,
  listHosts,
  setHostDrained,
  setRegionEnabled,
  terminateVpn,
} from './fleetActions';
import {
  HostParams,
  HostsSchema,
  RegionParams,
  RegionPatchSchema,
  RegionsSchema,
  VpnParams,
  VpnsPageSchema,
  VpnsQuerySchema,
} from './fleetSchemas';
import { auditJson, vpnJson } from './json';
import { requireOperator } from './operators';
import { ActionResultSchema, ReasonBodySchema } from './schemas';
import { ADMIN_SCHEMA } from './userRoutes';

/** Registers the VPN, host and region paths of `/v1/admin/`. */
const adminFleetRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const preHandler = requireOperator(app);
  const result = (audit: Parameters<typeof auditJson>[0] | undefined) => ({
    audit: audit ? auditJson(audit) : null,
  });

  app.get(
    '/v1/admin/vpns',
    {
      onRequest: preHandler,
      schema: {
        ...ADMIN_SCHEMA,
        summary: 'Every VPN, newest first, by region, state or host',
        querystring: VpnsQuerySchema,
        response: { 200: VpnsPageSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { limit = 50, cursor, ...filter } = request.query;
      const page = await listFleetVpns(app.db, filter, limit, cursor);
      return { vpns: page.vpns.map(vpnJson), nextCursor: page.nextCursor };
    },
  );

  app.post(
    '/v1/admin/vpns/:vpnId/terminate',
    {
      onRequest: preHandler,
      schema: {
        ...ADMIN_SCHEMA,
        summary: "Ends a VPN as its owner's deletion does (charged what it used)",
        params: VpnParams,
        body: ReasonBodySchema,
        response: { 200: ActionResultSchema, ...errorResponses },
      },
    },
    async (request) =>
      result(
        await terminateVpn(
          app.db,
          app.vpns,
          request.operator,
          request.params.vpnId,
          request.body.reason.trim(),
        ),
      ),
  );

  app.get(
    '/v1/admin/hosts',
    {
      onRequest: preHandler,
      schema: {
        ...ADMIN_SCHEMA,
        summary: 'The VPN hosts: state, last heartbeat, capacity, live VPNs, usage faults',
        response: { 200: HostsSchema, ...errorResponses },
      },
    },
    async () => ({
      hosts: (await listHosts(app.db, app.config.hosts, Date.now())).map((host) => ({
        hostId: host.hostId,
        regions: host.regions,
        state: host.state,
        lastSeenAt: host.lastSeenAt.toISOString(),
        capacity: host.capacity,
        drained: host.drained,
        liveVpns: host.liveVpns,
        faults: {
          count: host.faultCount,
          lastAt: host.lastFaultAt?.toISOString() ?? null,
          last: host.lastFault,
        },
      })),
    }),
  );

  for (const [action, drained] of [
    ['drain', true],
    ['undrain', false],
  ] as const) {
    app.post(
      `/v1/admin/hosts/:id/${action}`,
      {
        onRequest: preHandler,
        schema: {
          ...ADMIN_SCHEMA,
          summary: drained
            ? 'Drains a host: it takes no new VPN (as HOST_CAPACITY=0)'
            : 'Undrains a host',
          params: HostParams,
          response: { 200: ActionResultSchema, ...errorResponses },
        },
      },
      async (request) =>
        result(await setHostDrained(app.db, request.operator, request.params.id, drained)),
    );
  }

  app.get(
    '/v1/admin/regions',
    {
      onRequest: preHandler,
      schema: {
        ...ADMIN_SCHEMA,
        summary: 'The regions, enabled or disabled by an operator, with their live VPNs',
        response: { 200: RegionsSchema, ...errorResponses },
      },
    },
    async () => ({ regions: await listFleetRegions(app.db) }),
  );

  app.patch(
    '/v1/admin/regions/:region',
    {
      onRequest: preHandler,
      schema: {
        ...ADMIN_SCHEMA,
        summary: 'Enables or disables a region for new VPNs (still listed, shown unavailable)',
        params: RegionParams,
        body: RegionPatchSchema,
        response: { 200: ActionResultSchema, ...errorResponses },
      },
    },
    async (request) =>
      result(
        await setRegionEnabled(
          app.db,
          app.regions,
          request.operator,
          request.params.region,
          request.body.enabled,
        ),
      ),
  );
};

export default adminFleetRoutes;
