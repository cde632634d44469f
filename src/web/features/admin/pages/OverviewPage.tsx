/**
 * Overview (docs/operator-console.md "Overview"): today's figures (UTC) and a 30-day chart of
 * peanuts sold and consumed (the product's one chart component, loaded only here).
 */
import { Card, Flex, Statistic } from 'antd';
import type { AdminDayStats } from '../../../../sdk/admin';
import { LazyTimeSeriesChart, type TimeSeries } from '../../../components/charts';
import { PageLoader } from '../../../components/PageLoader';
import { Title } from '../../../components/typography';
import { useGetStatsQuery } from '../adminApi';
import { useTexts } from '../../../i18n/context';

/** The page's texts. */
export const OVERVIEW_TEXT = {
  title: 'Today',
  loading: 'Loading the figures...',
  signups: 'Sign-ups',
  sold: 'Peanuts sold',
  revenue: 'Revenue',
  consumed: 'Peanuts consumed',
  refunded: 'Peanuts refunded',
  vpnHours: 'VPN-hours',
  referrals: 'Referral rewards paid',
  chartTitle: 'Last 30 days',
  chartLabel: 'Peanuts sold and consumed per day over the last 30 days',
  soldSeries: 'Peanuts sold',
  consumedSeries: 'Peanuts consumed',
} as const;

/** Days shown by the chart. */
export const CHART_DAYS = 30;

const sum = (values: Record<string, number>) =>
  Object.values(values).reduce((total, value) => total + value, 0);

/** `YYYY-MM-DD` of `ms` (UTC). */
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Revenue by currency, e.g. "12.00 USD, 5.00 EUR" (or 0). */
function revenueText(byCurrency: Record<string, number>): string {
  const parts = Object.entries(byCurrency).map(
    ([currency, cents]) => `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`,
  );
  return parts.length === 0 ? '0' : parts.join(', ');
}

/** Today's figures. */
function Today({ day }: { day: AdminDayStats }) {
  const T = useTexts('adminOverview', OVERVIEW_TEXT);
  const figures: [string, number | string][] = [
    [T.signups, day.signups],
    [T.sold, sum(day.peanutsSoldByPack)],
    [T.revenue, revenueText(day.revenueByCurrency)],
    [T.consumed, Math.round(day.peanutsConsumed * 100) / 100],
    [T.refunded, day.peanutsRefunded],
    [T.vpnHours, Math.round(sum(day.vpnHoursByRegion) * 10) / 10],
    [T.referrals, day.referralRewardsPaid],
  ];
  return (
    <Flex gap="middle" wrap>
      {figures.map(([title, value]) => (
        <Card key={title} size="small" style={{ minWidth: 160 }}>
          <Statistic title={title} value={value} />
        </Card>
      ))}
    </Flex>
  );
}

/** The chart's lines: peanuts sold and consumed per day, labelled with `text`'s words. */
function series(
  days: readonly AdminDayStats[],
  text: { soldSeries: string; consumedSeries: string },
): TimeSeries[] {
  return [
    { label: text.soldSeries, values: days.map((day) => sum(day.peanutsSoldByPack)) },
    { label: text.consumedSeries, values: days.map((day) => day.peanutsConsumed) },
  ];
}

/** The page. */
export function OverviewPage() {
  const T = useTexts('adminOverview', OVERVIEW_TEXT);
  const now = Date.now();
  const range = { from: dayOf(now - (CHART_DAYS - 1) * 86_400_000), to: dayOf(now) };
  const { data } = useGetStatsQuery(range);
  if (!data) return <PageLoader text={T.loading} />;
  const today = data[data.length - 1];
  return (
    <Flex vertical gap="large">
      <section aria-labelledby="admin-today">
        <Title level={2} id="admin-today">
          {T.title}
        </Title>
        <Today day={today} />
      </section>
      <section aria-labelledby="admin-chart">
        <Title level={2} id="admin-chart">
          {T.chartTitle}
        </Title>
        <LazyTimeSeriesChart
          ariaLabel={T.chartLabel}
          times={data.map((day) => Date.parse(`${day.day}T00:00:00Z`) / 1000)}
          series={series(data, T)}
        />
      </section>
    </Flex>
  );
}
