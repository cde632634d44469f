import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RefreshButton } from '../../src/web/components/RefreshButton';
import { buildMenuItems, HELP_MENU_KEY } from '../../src/web/app/layout/menuItems';
import { breakpointTokens } from '../../src/web/app/theme';
import { isChunkLoadError } from '../../src/web/lib/chunkLoadError';
import { failOnConsoleErrors, renderWithProviders } from './testUtils';

failOnConsoleErrors();

describe('RefreshButton', () => {
  it('calls onClick', async () => {
    const user = userEvent.setup();
    const onClick = jest.fn();
    renderWithProviders(<RefreshButton onClick={onClick} />);
    await user.click(screen.getByRole('button', { name: /Refresh/ }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('shows loading and ignores clicks while loading', async () => {
    const user = userEvent.setup();
    const onClick = jest.fn();
    renderWithProviders(<RefreshButton onClick={onClick} loading label="Refresh VPNs" />);
    const button = screen.getByRole('button', { name: /Refresh VPNs/ });
    expect(button).toHaveClass('ant-btn-loading');
    expect(button).toHaveAttribute('aria-busy', 'true');
    await user.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('can be disabled', () => {
    renderWithProviders(<RefreshButton onClick={jest.fn()} disabled />);
    expect(screen.getByRole('button', { name: /Refresh/ })).toBeDisabled();
  });
});

describe('menu items', () => {
  it('has Pricing, Help (Documentation, FAQ, Issue, Support), Contribute, Make Money, Sign In', () => {
    const items = buildMenuItems({ status: 'unauthenticated', user: null }) as Array<{
      key: string;
      children?: Array<{ key: string }>;
    }>;
    expect(items.map((item) => item.key)).toEqual([
      '/pricing',
      HELP_MENU_KEY,
      '/contribute',
      '/makemoney',
      '/login',
    ]);
    expect(items[1].children?.map((item) => item.key)).toEqual([
      '/doc',
      '/faq',
      '/issue',
      '/support',
    ]);
    expect(
      buildMenuItems({ status: 'configuring', user: null }).map((item) => item?.key),
    ).not.toContain('/login');
  });
});

describe('theme breakpoints', () => {
  it('maps antd screens to spec §9 (480, 768, 992, 1280, 1536)', () => {
    expect(breakpointTokens).toMatchObject({
      screenXS: 0,
      screenSM: 480,
      screenMD: 768,
      screenLG: 992,
      screenXL: 1280,
      screenXXL: 1536,
      screenXSMax: 479,
      screenXLMax: 1535,
    });
  });
});

describe('isChunkLoadError', () => {
  it("recognises webpack's ChunkLoadError and its timeout", () => {
    expect(isChunkLoadError(Object.assign(new Error('x'), { name: 'ChunkLoadError' }))).toBe(true);
    expect(isChunkLoadError(new Error('Loading chunk 42 failed.\n(timeout: /assets/42.js)'))).toBe(
      true,
    );
    expect(isChunkLoadError(new Error('Render exploded'))).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });
});
