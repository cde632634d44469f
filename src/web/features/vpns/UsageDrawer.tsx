/**
 * The usage drawer of a VPN (docs/product.md "VPN list"), opened from its row's Usage cell: a
 * chart of its traffic and peanuts over its life (`LazyTimeSeriesChart`, uPlot in its own chunk),
 * its forecast, and the Extend form: the Configuration panel's two sliders prefilled with the
 * VPN's config, bounded as the server rules (`extendSettings.ts`), sent by the extend saga.
 */
import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Drawer, Flex, Skeleton, Slider, Typography } from 'antd';
import { formatBytes, formatMiB, formatPeanuts } from '../../../core/format';
import type { VpnWithMetrics } from '../../../core/vpn';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import {
  BYTE_TICK_STEPS,
  PEANUT_TICK_STEPS,
  LazyTimeSeriesChart,
  type TimeSeries,
} from '../../components/charts';
import { humanDuration } from '../../lib/time';
import { useGetBalanceQuery } from '../balance';
import { CONFIGURATION_TEXT, deleteAfterLabel } from './ConfigurationPanel';
import { extendSettings, type ExtendSlider } from './extendSettings';
import { FORECAST_TEXT, forecastText } from './forecastText';
import { useGetVpnUsageQuery } from './usageApi';
import {
  selectDrawerVpnId,
  selectIsExtending,
  usageDrawerClosed,
  vpnExtendRequested,
} from './usageSlice';
import { selectVpnItems, selectVpnLimits } from './vpnsSlice';
import { useTexts, useTranslator } from '../../i18n/context';
import { localizeNumber, localizeUnit } from '../../i18n/format';
import { fill } from '../../i18n/translator';

/** The drawer's texts (English; namespace `usageDrawer`). */
export const USAGE_DRAWER_TEXT = {
  title: 'Usage of {{vpnId}}',
  chartLabel: 'Traffic and peanuts of VPN {{vpnId}} over time',
  traffic: 'Traffic',
  peanuts: 'Peanuts',
  noPoints: 'No usage yet: the chart fills in as the VPN runs.',
  extendTitle: 'Extend',
  extendHelp:
    'Give this VPN more peanuts or more time. It keeps its keys and its server; the new values apply from the next metering pass.',
  deleteAfter: 'Delete after',
  maxPeanuts: 'Max peanuts',
  unlimited: 'unlimited: move the slider to set a cap',
  noRoom: 'Your balance leaves no room for more peanuts: buy more first.',
  extend: 'Extend',
  notExtendable: 'This VPN has ended: it can no longer be extended.',
  peanutsValue: '{{peanuts}} peanuts',
} as const;

/** The drawer's texts in the language in force, and that language. */
function useDrawerText() {
  return { T: useTexts('usageDrawer', USAGE_DRAWER_TEXT), language: useTranslator().language };
}
const EXTENDABLE = ['Creating', 'Created', 'Provisioning', 'Running', 'Paused'];

/** The chart of the VPN's usage points. */
function UsageChart({ vpnId }: { vpnId: string }) {
  const { data, isLoading } = useGetVpnUsageQuery(vpnId);
  const { T, language } = useDrawerText();
  const chart = useMemo(() => {
    const points = data?.points ?? [];
    const series: TimeSeries[] = [
      {
        label: T.traffic,
        values: points.map((p) => p.bytes),
        format: (v: number) => localizeUnit(language, formatBytes(v)),
        // No traffic yet: 0 B to 1 KiB, not uPlot's 0 to 100.
        flatMax: 1024,
        tickSteps: BYTE_TICK_STEPS,
      },
      {
        label: T.peanuts,
        values: points.map((p) => p.peanuts),
        axis: 'right',
        format: (v: number) => localizeNumber(language, v.toFixed(2)),
        tickSteps: PEANUT_TICK_STEPS,
      },
    ];
    return { times: points.map((p) => Date.parse(p.at) / 1000), series };
  }, [data, T, language]);
  if (isLoading) return <Skeleton active />;
  if (chart.times.length < 2)
    return <Typography.Text type="secondary">{T.noPoints}</Typography.Text>;
  return (
    <div data-testid="usage-chart">
      <LazyTimeSeriesChart
        times={chart.times}
        series={chart.series}
        ariaLabel={fill(T.chartLabel, { vpnId })}
      />
    </div>
  );
}

/** A labelled slider of the Extend form. */
function ExtendSliderField(props: {
  id: string;
  label: string;
  valueText: string;
  slider: ExtendSlider;
  value: number;
  onChange: (value: number) => void;
  format: (value: number) => string;
}) {
  const { slider } = props;
  return (
    <div>
      <Typography.Text strong id={props.id}>
        {props.label}
      </Typography.Text>{' '}
      <Typography.Text data-testid={`${props.id}-value`}>{props.valueText}</Typography.Text>
      <Slider
        min={slider.min}
        max={slider.max}
        step={slider.step}
        value={props.value}
        onChange={props.onChange}
        tooltip={{ formatter: (v?: number) => (v === undefined ? '' : props.format(v)) }}
        marks={{ [slider.min]: props.format(slider.min), [slider.max]: props.format(slider.max) }}
        ariaLabelledByForHandle={props.id}
        style={{ marginInline: 32 }}
      />
    </div>
  );
}

/** The Extend form of `item`. */
function ExtendForm({ item }: { item: VpnWithMetrics }) {
  const dispatch = useAppDispatch();
  const limits = useAppSelector(selectVpnLimits);
  const { data: balance } = useGetBalanceQuery();
  const extending = useAppSelector((s) => selectIsExtending(s, item.vpn.vpnId));
  const settings = limits && balance !== undefined ? extendSettings(item, limits, balance) : null;
  const [deleteAfter, setDeleteAfter] = useState<number | null>(null);
  const [maxPeanuts, setMaxPeanuts] = useState<number | null>(null);
  const { T, language } = useDrawerText();
  const configText = useTexts('configuration', CONFIGURATION_TEXT);
  const peanutsText = (v: number) => localizeNumber(language, formatPeanuts(v));
  // A new answer from the server (after an extension) prefills the form again.
  useEffect(() => {
    setDeleteAfter(null);
    setMaxPeanuts(null);
  }, [item.vpn.config.deleteAfter, item.vpn.config.maxPeanuts]);

  if (!EXTENDABLE.includes(item.vpn.state)) {
    return <Typography.Text type="secondary">{T.notExtendable}</Typography.Text>;
  }
  if (!settings) return <Skeleton active paragraph={{ rows: 2 }} />;
  const after = deleteAfter ?? settings.deleteAfter.value;
  const peanuts = maxPeanuts ?? settings.maxPeanuts?.value ?? null;
  // Only what the person moved and changed is sent (an unlimited VPN stays unlimited unless its
  // slider is moved).
  const changed = {
    ...(deleteAfter !== null && deleteAfter !== item.vpn.config.deleteAfter ? { deleteAfter } : {}),
    ...(maxPeanuts !== null && maxPeanuts !== item.vpn.config.maxPeanuts ? { maxPeanuts } : {}),
  };
  const unlimited = maxPeanuts === null && item.vpn.config.maxPeanuts <= 0;
  return (
    <Flex vertical gap="middle" data-testid="extend-form">
      <Typography.Text type="secondary">{T.extendHelp}</Typography.Text>
      <ExtendSliderField
        id="extend-delete-after"
        label={T.deleteAfter}
        valueText={deleteAfterLabel(after, configText, language)}
        slider={settings.deleteAfter}
        value={after}
        onChange={setDeleteAfter}
        format={(v) => humanDuration(v, language)}
      />
      {settings.maxPeanuts && peanuts !== null ? (
        <ExtendSliderField
          id="extend-max-peanuts"
          label={T.maxPeanuts}
          valueText={
            unlimited ? T.unlimited : fill(T.peanutsValue, { peanuts: peanutsText(peanuts) })
          }
          slider={settings.maxPeanuts}
          value={peanuts}
          onChange={setMaxPeanuts}
          format={peanutsText}
        />
      ) : (
        <Alert type="info" showIcon title={T.noRoom} />
      )}
      <Button
        type="primary"
        loading={extending}
        disabled={Object.keys(changed).length === 0}
        onClick={() => dispatch(vpnExtendRequested({ vpnId: item.vpn.vpnId, ...changed }))}
      >
        {T.extend}
      </Button>
    </Flex>
  );
}

/** The drawer of the VPN chosen in the list (none open: nothing). */
export function UsageDrawer() {
  const dispatch = useAppDispatch();
  const vpnId = useAppSelector(selectDrawerVpnId);
  const items = useAppSelector(selectVpnItems);
  const item = items.find((i) => i.vpn.vpnId === vpnId);
  const { T, language } = useDrawerText();
  const forecastTexts = useTexts('forecast', FORECAST_TEXT);
  return (
    <Drawer
      open={Boolean(item)}
      onClose={() => dispatch(usageDrawerClosed())}
      title={item ? fill(T.title, { vpnId: item.vpn.vpnId }) : ''}
      size="large"
      destroyOnHidden
    >
      {item && (
        <Flex vertical gap="large">
          <UsageChart vpnId={item.vpn.vpnId} />
          <Flex gap="large" wrap>
            <span>{localizeUnit(language, formatMiB(item.metrics?.bytes))}</span>
            <span>{humanDuration(item.metrics?.duration, language)}</span>
            <span>
              {fill(T.peanutsValue, {
                peanuts: localizeNumber(language, formatPeanuts(item.metrics?.peanuts)),
              })}
            </span>
          </Flex>
          {item.vpn.forecast && (
            <Typography.Text strong data-testid="drawer-forecast">
              {forecastText(item.vpn.forecast, Date.now(), forecastTexts, language)}
            </Typography.Text>
          )}
          <Typography.Title level={4} style={{ margin: 0 }}>
            {T.extendTitle}
          </Typography.Title>
          <ExtendForm item={item} />
        </Flex>
      )}
    </Drawer>
  );
}
