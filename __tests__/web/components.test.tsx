import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RefreshButton } from '../../src/web/components/RefreshButton';
import { buildMenuItems, HELP_MENU_KEY } from '../../src/web/app/layout/menuItems';
import { breakpointTokens } from '../../src/web/app/theme';
import { isChunkLoadError } from '../../src/web/lib/chunkLoadError';
import { formatBytes } from '../../src/core/format';
import { BYTE_TICK_STEPS, flatRange, PEANUT_TICK_STEPS } from '../../src/web/components/charts';
import TimeSeriesChart from '../../src/web/components/charts/TimeSeriesChart';
import { LanguageContext } from '../../src/web/i18n/context';
import { loadLanguage } from '../../src/web/i18n/loader';
import { failOnConsoleErrors, renderWithProviders } from './testUtils';

// jsdom has no canvas: uPlot is replaced by a recorder of the options it is given (its static
// rangeNum, the usual range of an axis whose values differ, stays uPlot's own).
const uPlotCalls: { options: Record<string, unknown>; data: unknown }[] = [];
jest.mock('uplot', () => {
  type RangeNum = { rangeNum: unknown };
  const actual = jest.requireActual<RangeNum & { default?: RangeNum }>('uplot');
  const FakeUPlot = jest.fn(function record(options: Record<string, unknown>, data: unknown) {
    uPlotCalls.push({ options, data });
    return { destroy: jest.fn(), setSize: jest.fn() };
  });
  return {
    __esModule: true,
    default: Object.assign(FakeUPlot, { rangeNum: (actual.default ?? actual).rangeNum }),
  };
});

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

describe('the time-series chart', () => {
  /** The range function and tick steps uPlot got for the `side` axis. */
  type Scale = { range: (chart: unknown, min: number | null, max: number | null) => number[] };
  type Axis = {
    scale?: string;
    incrs?: number[];
    values: (chart: unknown, ticks: number[]) => string[];
  };

  beforeAll(() => {
    // ResizeObserver is not in jsdom.
    globalThis.ResizeObserver ??= class {
      observe() {}
      disconnect() {}
      unobserve() {}
    } as unknown as typeof ResizeObserver;
  });

  it('shows a traffic series of zeros on 0 B to 1 KiB, not 0 to 100', () => {
    uPlotCalls.length = 0;
    renderWithProviders(
      <TimeSeriesChart
        times={[1_800_000_000, 1_800_000_060, 1_800_000_120]}
        series={[
          {
            label: 'Traffic',
            values: [0, 0, 0],
            format: formatBytes,
            flatMax: 1024,
            tickSteps: BYTE_TICK_STEPS,
          },
          { label: 'Peanuts', values: [0, 0.09, 0.18], axis: 'right' },
        ]}
        ariaLabel="Traffic and peanuts"
      />,
    );
    expect(screen.getByRole('img', { name: 'Traffic and peanuts' })).toBeInTheDocument();
    expect(uPlotCalls).toHaveLength(1);
    const { options } = uPlotCalls[0];
    const scales = options.scales as Record<string, Scale>;
    // uPlot reads a flat series as min = max = 0.
    expect(scales.left.range(undefined, 0, 0)).toEqual([0, 1024]);
    expect(scales.left.range(undefined, null, null)).toEqual([0, 1024]);
    // A flat series on the right, with the default flat top of 1; a growing one keeps uPlot's.
    expect(scales.right.range(undefined, 0, 0)).toEqual([0, 1]);
    const [low, high] = scales.right.range(undefined, 0, 0.18);
    expect(low).toBeLessThanOrEqual(0);
    expect(high).toBeGreaterThanOrEqual(0.18);
    expect(high).toBeLessThan(1);
    const left = (options.axes as Axis[]).find((axis) => axis.scale === 'left')!;
    expect(left.incrs).toContain(256);
    expect(left.values(undefined, [0, 256, 512, 768, 1024])).toEqual([
      '0 B',
      '256 B',
      '512 B',
      '768 B',
      '1 KiB',
    ]);
  });

  it("names its time axis in the language in force (uPlot's own word is English)", async () => {
    const { translator } = await loadLanguage('ja');
    const chart = (
      <TimeSeriesChart
        times={[1_800_000_000, 1_800_000_060]}
        series={[{ label: 'ピーナッツ', values: [0, 0.1] }]}
        ariaLabel="chart"
      />
    );
    uPlotCalls.length = 0;
    renderWithProviders(chart);
    renderWithProviders(
      <LanguageContext.Provider value={{ translator }}>{chart}</LanguageContext.Provider>,
    );
    const labels = uPlotCalls.map(
      ({ options }) => (options.series as { label?: string }[])[0].label,
    );
    expect(labels).toEqual(['Time', '時刻']);
  });

  it('steps a peanut axis so that no two ticks read the same with two decimals', () => {
    expect(PEANUT_TICK_STEPS.slice(0, 6)).toEqual([0.01, 0.02, 0.05, 0.1, 0.2, 0.5]);
    expect(PEANUT_TICK_STEPS.at(-1)).toBe(5_000_000);
    for (const [index, step] of PEANUT_TICK_STEPS.entries()) {
      if (index > 0) expect(step).toBeGreaterThan(PEANUT_TICK_STEPS[index - 1]);
      // Ticks at multiples of the step differ by at least 0.01: distinct at two decimals.
      expect(Number(step.toFixed(2))).toBe(step);
      expect(step).toBeGreaterThanOrEqual(0.01);
    }
  });

  it('ranges a flat series from 0, and formats bytes in binary units', () => {
    expect(flatRange(0, 0, 1024)).toEqual([0, 1024]);
    expect(flatRange(5000, 5000, 1024)).toEqual([0, 10_000]);
    expect(flatRange(-2, -2, 1)).toEqual([-4, 0]);
    expect(flatRange(0, 10, 1024)).toBeUndefined();
    expect(
      [0, 512, 1024, 1536, 8 * 1024 ** 2, 12.34 * 1024 ** 2, 3 * 1024 ** 3].map(formatBytes),
    ).toEqual(['0 B', '512 B', '1 KiB', '1.5 KiB', '8 MiB', '12.34 MiB', '3 GiB']);
  });
});
