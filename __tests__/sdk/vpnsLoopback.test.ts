/**
 * The SDK's VPN calls over real HTTP: listVpns, getVpn and deleteVpn against a loopback server,
 * checking the URLs sent and the metrics decoded.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHttpClient } from '../../src/sdk/http';
import { deleteVpn, listVpns } from '../../src/sdk/vpns';
import { makeVpn } from './vpnsHelpers';

describe('the VPN calls over real HTTP (loopback)', () => {
  let server: Server;
  let origin: string;
  const urls: string[] = [];
  const vpn = makeVpn(1710931200000, 'Running', 'ap-northeast-1');

  beforeAll(async () => {
    server = createServer((req, res) => {
      urls.push(`${req.method} ${req.url}`);
      res.setHeader('content-type', 'application/json');
      if (req.url?.startsWith('/v1/vpns?')) {
        res.end(JSON.stringify({ vpns: [vpn], totalVpns: 1, totalPages: 1 }));
      } else if (req.method === 'DELETE') {
        res.writeHead(204).end();
      } else {
        res.end(JSON.stringify({ vpn, metrics: { duration: 1, bytes: null, peanuts: 0 } }));
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('lists, gets and deletes', async () => {
    const http = createHttpClient({ baseUrl: origin });
    const list = await listVpns(http, { pageSize: 4 });
    expect(list.items).toEqual([{ vpn, metrics: { duration: 1, bytes: NaN, peanuts: 0 } }]);
    await deleteVpn(http, vpn.vpnId);
    expect(urls).toEqual([
      'GET /v1/vpns?pageSize=4',
      `GET /v1/vpns/${vpn.vpnId}`,
      `DELETE /v1/vpns/${vpn.vpnId}`,
      `GET /v1/vpns/${vpn.vpnId}`,
    ]);
  });
});
