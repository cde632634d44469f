/**
 * Schemas of the VPN routes (spec §3 entities, §7 calls). Response schemas are exact; the
 * creation body is deliberately loose (any field may be missing or of the wrong type) because
 * the server answers bad input with the messages of spec §5, which core's validateCreateVpn
 * produces, not with generic schema errors.
 */
import { Type, type Static } from '@sinclair/typebox';
import type { SameShape } from './common';
import {
  VPN_STATES,
  WIREGUARD,
  type CreateVpnResponse,
  type ListVpnsResponse,
  type Vpn,
  type VpnConfig,
  type VpnConfigFileResponse,
  type VpnMetricsJson,
  type VpnQrConfigResponse,
  type VpnWithMetricsJson,
} from '../../core/vpn';

/** A vpnId, `<creation epoch ms>@<region>`. */
const VpnId = Type.String({
  description: 'Creation time in epoch milliseconds, @, region',
  examples: ['1710931200000@eu-west-3'],
});

/** `VpnConfig` of src/core/vpn.ts. */
export const VpnConfigSchema = Type.Object(
  {
    type: Type.Literal(WIREGUARD),
    deleteAfter: Type.Integer({
      description: 'Seconds of running after which the VPN is deleted',
      examples: [3600],
    }),
    maxPeanuts: Type.Number({
      description: 'Peanuts the VPN may consume; -1 means unlimited (the whole balance)',
      examples: [2],
    }),
  },
  { title: 'VpnConfig' },
);

/** `Vpn` of src/core/vpn.ts. */
export const VpnSchema = Type.Object(
  {
    vpnId: VpnId,
    createdAt: Type.String({ format: 'date-time', examples: ['2024-03-20T10:40:00.000Z'] }),
    region: Type.String({ examples: ['eu-west-3'] }),
    state: Type.Union(
      VPN_STATES.map((state) => Type.Literal(state)),
      {
        description:
          'Failed, Creating, Created, Provisioning, Paused, Running, Deprovisioning, Deleted',
      },
    ),
    config: VpnConfigSchema,
    forecast: Type.Optional(
      Type.Object(
        {
          endsAt: Type.String({ format: 'date-time' }),
          reason: Type.Union([
            Type.Literal('max-peanuts'),
            Type.Literal('balance'),
            Type.Literal('deadline'),
          ]),
        },
        {
          title: 'VpnForecast',
          description:
            'Running VPNs only: when it is expected to end and why, at the rates of its last minutes',
        },
      ),
    ),
  },
  { title: 'Vpn', description: 'A VPN (spec §3)' },
);

/** `VpnMetricsJson` of src/core/vpn.ts: null values for a VPN that never ran. */
export const VpnMetricsSchema = Type.Object(
  {
    duration: Type.Union([Type.Integer(), Type.Null()], {
      description: 'Whole seconds of running',
    }),
    bytes: Type.Union([Type.Integer(), Type.Null()], {
      description: 'Bytes through the tunnel, both directions, charged so far',
    }),
    peanuts: Type.Union([Type.Number(), Type.Null()], {
      description: 'Peanuts consumed so far, rounded to 2 decimals',
    }),
  },
  { title: 'VpnMetrics' },
);

/** `GET /v1/vpns/{vpnId}` response. */
export const VpnWithMetricsSchema = Type.Object(
  { vpn: VpnSchema, metrics: Type.Optional(Type.Union([VpnMetricsSchema, Type.Null()])) },
  { title: 'VpnWithMetrics' },
);

/** `GET /v1/vpns` query. */
export const ListVpnsQuerySchema = Type.Object({
  pageSize: Type.Integer({
    minimum: 1,
    maximum: 1000,
    default: 1000,
    description: 'VPNs per page (the UI asks 4)',
  }),
  nextPageToken: Type.Optional(
    Type.String({ maxLength: 200, description: 'The nextPageToken of the previous page' }),
  ),
});

/** `GET /v1/vpns` response (metrics are fetched per VPN, spec §7). */
export const ListVpnsResponseSchema = Type.Object(
  {
    vpns: Type.Array(VpnSchema, { description: 'Newest first' }),
    nextPageToken: Type.Optional(
      Type.Union([Type.String(), Type.Null()], {
        description: 'Present when there is a next page',
      }),
    ),
    totalVpns: Type.Integer({ description: "Number of the caller's VPNs" }),
    totalPages: Type.Integer({ description: 'Number of pages of the requested size' }),
  },
  { title: 'ListVpnsResponse' },
);

/** `POST /v1/vpns/` body: checked by the rules of spec §5, whatever the types. */
export const CreateVpnBodySchema = Type.Object(
  {
    region: Type.Optional(Type.Unknown({ description: 'Region id', examples: ['eu-west-3'] })),
    config: Type.Optional(
      Type.Unknown({
        description:
          "{type: 'wireguard', maxPeanuts: peanuts (0 or less: unlimited), deleteAfter: seconds (default: the maximum)}",
        examples: [{ type: WIREGUARD, maxPeanuts: 2, deleteAfter: 3600 }],
      }),
    ),
  },
  { title: 'CreateVpnRequest' },
);

/**
 * `PATCH /v1/vpns/{vpnId}` body (an extension): checked by core's validateExtendVpn, whatever
 * the types, so that bad input gets the messages of spec §5.
 */
export const ExtendVpnBodySchema = Type.Object(
  {
    config: Type.Optional(
      Type.Unknown({
        description:
          '{maxPeanuts?: peanuts (0 or less: unlimited), deleteAfter?: seconds}; at least one',
        examples: [{ maxPeanuts: 5, deleteAfter: 7200 }],
      }),
    ),
  },
  { title: 'ExtendVpnRequest' },
);

/** `POST /v1/vpns/` response (status 202). */
export const CreateVpnResponseSchema = Type.Object(
  { vpn: Type.Object({ id: VpnId }) },
  { title: 'CreateVpnResponse' },
);

/** The `vpnId` path parameter (an encoded `@`, `%40`, is accepted). */
export const VpnParamsSchema = Type.Object({ vpnId: VpnId });

/** `DELETE /v1/vpns/{vpnId}` response (status 202): the VPN after the request. */
export const DeleteVpnResponseSchema = Type.Object(
  { vpn: VpnSchema },
  { title: 'DeleteVpnResponse' },
);

/** `GET /v1/vpns/{vpnId}/config` response. */
export const VpnConfigFileSchema = Type.Object(
  { config: Type.String({ description: 'The WireGuard client .conf file, base64 (UTF-8)' }) },
  { title: 'VpnConfigFile' },
);

/** `GET /v1/vpns/{vpnId}/qrconfig` response. */
export const VpnQrConfigSchema = Type.Object(
  { qrconfig: Type.String({ description: 'PNG image of the config as a QR code, base64' }) },
  { title: 'VpnQrConfig' },
);

// Compile-time checks that the schemas and the shared core types stay the same shape.
const _config: SameShape<Static<typeof VpnConfigSchema>, VpnConfig> = true;
const _vpn: SameShape<Static<typeof VpnSchema>, Vpn> = true;
const _metrics: SameShape<Static<typeof VpnMetricsSchema>, VpnMetricsJson> = true;
const _withMetrics: SameShape<Static<typeof VpnWithMetricsSchema>, VpnWithMetricsJson> = true;
const _list: SameShape<Static<typeof ListVpnsResponseSchema>, ListVpnsResponse> = true;
const _create: SameShape<Static<typeof CreateVpnResponseSchema>, CreateVpnResponse> = true;
const _file: SameShape<Static<typeof VpnConfigFileSchema>, VpnConfigFileResponse> = true;
const _qr: SameShape<Static<typeof VpnQrConfigSchema>, VpnQrConfigResponse> = true;

/** `GET /v1/vpns/{vpnId}/usage` response (core's VpnUsageResponse). */
export const VpnUsageSchema = Type.Object(
  {
    points: Type.Array(
      Type.Object({
        at: Type.String({ format: 'date-time', description: 'Up to when it was charged' }),
        bytes: Type.Integer({ description: 'Bytes so far, both directions' }),
        peanuts: Type.Number({ description: 'Peanuts consumed so far' }),
      }),
      { description: "Cumulative, oldest first, at most 300 over the VPN's life" },
    ),
  },
  { title: 'VpnUsage' },
);
