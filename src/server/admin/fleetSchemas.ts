/**
 * TypeBox schemas of the operator API's fleet paths: VPNs, hosts, regions
 * (docs/operator-console.md).
 */
import { Type } from '@sinclair/typebox';
import { AdminVpnSchema, PageQuery } from './schemas';

/** `GET /v1/admin/vpns` query. */
export const VpnsQuerySchema = Type.Object({
  region: Type.Optional(Type.String({ maxLength: 40 })),
  state: Type.Optional(Type.String({ maxLength: 40 })),
  host: Type.Optional(Type.String({ maxLength: 200 })),
  ...PageQuery,
});

/** `GET /v1/admin/vpns` answer. */
export const VpnsPageSchema = Type.Object(
  {
    vpns: Type.Array(AdminVpnSchema),
    nextCursor: Type.Union([Type.String(), Type.Null()]),
  },
  { title: 'AdminVpnsPage' },
);

/** A `vpnId` path parameter. */
export const VpnParams = Type.Object({ vpnId: Type.String({ maxLength: 100 }) });
/** A host `id` path parameter. */
export const HostParams = Type.Object({ id: Type.String({ maxLength: 200 }) });
/** A `region` path parameter. */
export const RegionParams = Type.Object({ region: Type.String({ maxLength: 40 }) });

/** `GET /v1/admin/hosts` answer. */
export const HostsSchema = Type.Object(
  {
    hosts: Type.Array(
      Type.Object({
        hostId: Type.String(),
        regions: Type.Array(Type.String()),
        state: Type.Union([Type.Literal('online'), Type.Literal('away'), Type.Literal('lost')]),
        lastSeenAt: Type.String({ format: 'date-time' }),
        capacity: Type.Integer({ description: 'Most live VPNs it takes; 0 while drained' }),
        drained: Type.Boolean(),
        liveVpns: Type.Integer(),
        faults: Type.Object({
          count: Type.Integer({ description: 'Usage reports refused as faults' }),
          lastAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
          last: Type.Union([Type.String(), Type.Null()]),
        }),
      }),
    ),
  },
  { title: 'AdminHosts' },
);

/** `GET /v1/admin/regions` answer. */
export const RegionsSchema = Type.Object(
  {
    regions: Type.Array(
      Type.Object({
        region: Type.String(),
        city: Type.String(),
        country: Type.String(),
        enabled: Type.Boolean({ description: 'False: listed as unavailable, takes no new VPN' }),
        liveVpns: Type.Integer(),
      }),
    ),
  },
  { title: 'AdminRegions' },
);

/** `PATCH /v1/admin/regions/{region}` body. */
export const RegionPatchSchema = Type.Object({ enabled: Type.Boolean() });
