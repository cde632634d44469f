import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RegionDetailed } from '../../src/core/regions';
import type { AuthState } from '../../src/web/features/auth/authSlice';
import { flagCode } from '../../src/web/features/regions/CountryFlag';
import { regionMessageSet } from '../../src/web/features/regions/regionMessagesSlice';
import {
  RegionsTable,
  SKELETON_ROWS,
  UNAVAILABLE_TEXT,
} from '../../src/web/features/regions/RegionsTable';
import { fakeFetch, failOnConsoleErrors, jsonResponse, renderWithProviders } from './testUtils';

failOnConsoleErrors();

const regions: RegionDetailed[] = [
  { name: 'us-west-2', city: 'Portland', country: 'United States', cctld: 'us' },
  { name: 'eu-west-3', city: 'Paris', country: 'France', cctld: 'fr' },
  { name: 'ca-west-1', city: 'Calgary', country: 'Canada', cctld: 'ca' },
  { name: 'us-east-1', city: 'Ashburn', country: 'United States', cctld: 'us' },
  { name: 'ca-central-1', city: 'Montreal', country: 'Canada', cctld: 'ca' },
  { name: 'eu-west-2', city: 'London', country: 'United Kingdom', cctld: 'uk' },
];
const anonymous: AuthState = { status: 'unauthenticated', user: null };

function renderTable(
  ui = <RegionsTable />,
  auth: AuthState = anonymous,
  answer: RegionDetailed[] = regions,
) {
  const fetch = fakeFetch({ 'GET /v1/regionsDetailed/': () => jsonResponse({ regions: answer }) });
  return renderWithProviders(ui, {
    route: '/',
    path: '/',
    routes: [{ path: '/pricing', element: <p>Pricing page</p> }],
    preloadedState: { auth },
    storeOptions: { fetch },
  });
}

function bodyRows(): HTMLElement[] {
  return within(screen.getByRole('table'))
    .getAllByRole('row')
    .filter((row) => row.closest('tbody'));
}

describe('RegionsTable', () => {
  it('has the columns City, Country, Message and Action', async () => {
    renderTable();
    const headers = within(screen.getByRole('table')).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual([
      'City',
      'Country',
      'Message',
      'Action',
    ]);
  });

  it('shows skeletons while the regions load', () => {
    const { container } = renderWithProviders(<RegionsTable />, {
      preloadedState: { auth: anonymous },
    });
    expect(bodyRows()).toHaveLength(SKELETON_ROWS);
    expect(container.querySelectorAll('.ant-skeleton').length).toBeGreaterThanOrEqual(
      SKELETON_ROWS,
    );
    expect(screen.queryByRole('button', { name: /Create/ })).not.toBeInTheDocument();
  });

  it('sorts rows by country, then city', async () => {
    renderTable();
    await screen.findByText('Portland');
    const cities = bodyRows().map((row) => within(row).getAllByRole('cell')[0].textContent);
    expect(cities).toEqual(['Calgary', 'Montreal', 'Paris', 'London', 'Ashburn', 'Portland']);
  });

  it('shows a flag per country code, named by the country', async () => {
    renderTable();
    await screen.findByText('Portland');
    const franceRow = bodyRows()[2];
    const flag = await within(franceRow).findByRole('img', { name: 'France' });
    expect(flag.tagName.toLowerCase()).toBe('svg');
    expect(flag.querySelector('title')).toHaveTextContent('France');
    expect(await screen.findAllByRole('img', { name: 'United States' })).toHaveLength(2);
    expect(await screen.findByRole('img', { name: 'United Kingdom' })).toBeInTheDocument();
    expect(flagCode('uk')).toBe('GB');
    expect(flagCode('fr')).toBe('FR');
  });

  it('sends an anonymous visitor from Create to /pricing', async () => {
    const user = userEvent.setup();
    const { router } = renderTable();
    await user.click(await screen.findByRole('button', { name: 'Create a VPN in Paris, France' }));
    expect(router.state.location.pathname).toBe('/pricing');
    expect(screen.getByText('Pricing page')).toBeInTheDocument();
  });

  it('calls onCreate for a signed-in user', async () => {
    const user = userEvent.setup();
    const onCreate = jest.fn();
    const { router } = renderTable(
      <RegionsTable onCreate={onCreate} creatingRegions={['us-east-1']} />,
      {
        status: 'authenticated',
        user: { username: 'ann' },
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Create a VPN in Paris, France' }));
    expect(onCreate).toHaveBeenCalledWith(regions[1]);
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByRole('button', { name: /Create a VPN in Ashburn/ })).toHaveClass(
      'ant-btn-loading',
    );
  });

  it('shows a dismissible info message in a row', async () => {
    const user = userEvent.setup();
    const { store } = renderTable();
    await screen.findByText('Paris');
    const message = 'Your VPN is provisioning, please be patient.';
    act(() => {
      store.dispatch(regionMessageSet({ region: 'eu-west-3', message }));
    });
    const parisRow = bodyRows()[2];
    expect(within(parisRow).getByText(message)).toBeInTheDocument();
    await user.click(within(parisRow).getByRole('button', { name: 'Dismiss message' }));
    await waitFor(() => expect(screen.queryByText(message)).not.toBeInTheDocument());
    expect(store.getState().regionMessages).toEqual({});
  });

  it('shows a region without an online VPN host as unavailable, its Create disabled', async () => {
    renderTable(
      <RegionsTable />,
      anonymous,
      regions.map((region) => ({ ...region, available: region.name !== 'eu-west-3' })),
    );
    const paris = await screen.findByRole('button', { name: 'Create a VPN in Paris, France' });
    expect(paris).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Create a VPN in Calgary, Canada' })).toBeEnabled();
    expect(screen.getAllByText(UNAVAILABLE_TEXT)).toHaveLength(1);
    expect(paris.closest('tr')).toHaveTextContent(UNAVAILABLE_TEXT);
  });
});
