/**
 * The Account page's "Remembered devices": the user's devices with their name, last
 * use and status, this browser marked; forgetting one reloads the list; errors show with clear
 * texts. The identity client is scripted; the SDK's calls run against the provider in
 * __tests__/sdk/identityDevices.test.ts.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DeviceInfo } from '../../../src/sdk/identity';
import { ACCOUNT_ERROR_TEXTS } from '../../../src/web/features/auth/accountErrors';
import { DEVICES_TEXTS, deviceLabel } from '../../../src/web/features/auth/DevicesCard';
import { formatDateTime } from '../../../src/web/lib/time';
import AccountPage from '../../../src/web/pages/AccountPage';
import { ANN, cognitoError, fakeIdentity, type FakeIdentity } from '../fakeIdentity';
import { failOnConsoleErrors, renderWithProviders } from '../testUtils';

failOnConsoleErrors();

const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

const THIS: DeviceInfo = {
  key: 'local_1111',
  name: CHROME_LINUX,
  remembered: true,
  current: true,
  lastUsedAt: Date.UTC(2026, 10, 20, 9, 30),
  createdAt: Date.UTC(2026, 10, 1),
};
const OTHER: DeviceInfo = {
  key: 'local_2222',
  name: FIREFOX_WINDOWS,
  remembered: false,
  current: false,
  lastUsedAt: Date.UTC(2026, 10, 21, 18, 5),
};

function renderAccount(identity: FakeIdentity) {
  return renderWithProviders(<AccountPage />, {
    route: '/account',
    path: '/account',
    preloadedState: { auth: { status: 'authenticated', user: ANN } },
    storeOptions: { identity },
  });
}

/** The devices table's body row whose device cell reads `label`. */
async function row(label: string): Promise<HTMLElement> {
  const cell = await screen.findByText(label);
  return cell.closest('tr.ant-table-row') as HTMLElement;
}

describe('deviceLabel', () => {
  it('names the browser and system of a user agent', () => {
    expect(deviceLabel(CHROME_LINUX)).toBe('Chrome on Linux');
    expect(deviceLabel(FIREFOX_WINDOWS)).toBe('Firefox on Windows');
    expect(deviceLabel(undefined)).toBe('Unnamed device');
    expect(deviceLabel('my laptop')).toBe('my laptop');
  });
});

describe('/account remembered devices', () => {
  it('lists the devices, marks this one, and forgets one', async () => {
    const user = userEvent.setup();
    const identity = fakeIdentity(ANN);
    identity.listDevices.mockResolvedValueOnce([THIS, OTHER]).mockResolvedValueOnce([THIS]);
    renderAccount(identity);
    expect(screen.getByText(DEVICES_TEXTS.title)).toBeInTheDocument();

    const mine = await row('Chrome on Linux');
    expect(within(mine).getByText(DEVICES_TEXTS.current)).toBeInTheDocument();
    expect(within(mine).getByText(DEVICES_TEXTS.remembered)).toBeInTheDocument();
    expect(within(mine).getByText(formatDateTime(THIS.lastUsedAt as number))).toBeInTheDocument();
    expect(within(mine).getByTitle(CHROME_LINUX)).toBeInTheDocument();
    const other = await row('Firefox on Windows');
    expect(within(other).queryByText(DEVICES_TEXTS.current)).not.toBeInTheDocument();
    expect(within(other).getByText(DEVICES_TEXTS.notRemembered)).toBeInTheDocument();

    await user.click(within(other).getByRole('button', { name: 'Forget Firefox on Windows' }));
    expect(identity.forgetDevice).toHaveBeenCalledWith('local_2222');
    expect(await screen.findByText(DEVICES_TEXTS.forgotten)).toBeInTheDocument();
    await screen.findByRole('button', { name: 'Forget Chrome on Linux (this device)' });
    expect(screen.queryByText('Firefox on Windows')).not.toBeInTheDocument();
    expect(identity.listDevices).toHaveBeenCalledTimes(2);
  });

  it('says when there are no devices', async () => {
    const identity = fakeIdentity(ANN);
    renderAccount(identity);
    expect(await screen.findByText(DEVICES_TEXTS.empty)).toBeInTheDocument();
  });

  it('shows a clear error when a device is gone', async () => {
    const user = userEvent.setup();
    const identity = fakeIdentity(ANN);
    identity.listDevices.mockResolvedValue([OTHER]);
    identity.forgetDevice.mockRejectedValue(
      cognitoError('ResourceNotFoundException', 'Device does not exist.'),
    );
    renderAccount(identity);
    const other = await row('Firefox on Windows');
    await user.click(within(other).getByRole('button', { name: 'Forget Firefox on Windows' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      ACCOUNT_ERROR_TEXTS.ResourceNotFoundException,
    );
  });
});
