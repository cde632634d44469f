/**
 * The SDK's config, QR config and balance calls against a fake API: the base64 config decoded
 * and named, the QR code PNG as base64 and a data URL, missing payloads rejected.
 */
import { getBalance, getConfig, getQrConfig } from '../../src/sdk/vpns';
import { client } from './vpnsHelpers';

describe('config, QR config and balance (spec §7)', () => {
  const id = '1710931200000@eu-west-3';
  const conf =
    '[Interface]\nPrivateKey = yAnz5TF+lXXJte14tji3zlMNq+hd2rYUIgJBgB3fBmk=\nAddress = 10.0.0.2/32\n# é\n';
  const base64 = Buffer.from(conf).toString('base64');

  it('decodes the base64 config and names the file', async () => {
    const { http, requests } = client(() => ({ status: 200, body: { config: base64 } }));
    await expect(getConfig(http, id)).resolves.toEqual({
      text: conf,
      base64,
      fileName: '2403201040euw3.conf',
    });
    expect(requests[0].path).toBe(`/v1/vpns/${id}/config`);
  });

  it('accepts a bare base64 string and rejects a missing payload', async () => {
    const bare = client(() => ({ status: 200, body: base64 }));
    expect((await getConfig(bare.http, id)).text).toBe(conf);
    const empty = client(() => ({ status: 200, body: {} }));
    await expect(getConfig(empty.http, id)).rejects.toThrow('Missing config in the answer');
  });

  it('returns the QR code PNG as base64 and a data URL', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47]).toString('base64');
    const { http, requests } = client(() => ({ status: 200, body: { qrconfig: png } }));
    await expect(getQrConfig(http, id)).resolves.toEqual({
      base64: png,
      dataUrl: `data:image/png;base64,${png}`,
    });
    expect(requests[0].path).toBe(`/v1/vpns/${id}/qrconfig`);
    const empty = client(() => ({ status: 200, body: { config: png } }));
    await expect(getQrConfig(empty.http, id)).rejects.toThrow('Missing qrconfig in the answer');
  });

  it('reads the balance', async () => {
    const { http, requests } = client(() => ({ status: 200, body: { balance: -0.25 } }));
    await expect(getBalance(http)).resolves.toEqual({ balance: -0.25 });
    expect(requests[0]).toMatchObject({
      method: 'GET',
      path: '/v1/peanuts',
      authorization: 'id.token',
    });
  });
});
