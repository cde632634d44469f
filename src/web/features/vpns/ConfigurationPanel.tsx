/**
 * The configuration panel (spec §2 "Configuration panel"): the delete-after and max-peanuts
 * sliders of the next VPN, with the range, step and default rules of core `vpnPanel.ts`, the
 * limits from the id token's `custom:config` claim and the balance. What it shows comes from
 * `selectCreateSettings`, the selector the create saga sends from.
 */
import { useEffect } from 'react';
import { Alert, Card, Flex, Skeleton, Slider, Typography } from 'antd';
import { formatPeanuts } from '../../../core/format';
import { effectiveMaxPeanuts } from '../../../core/vpnPanel';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { humanDuration } from '../../lib/time';
import { useGetBalanceQuery } from '../balance';
import { selectCreateSettings } from './createSettings';
import {
  deleteAfterChanged,
  maxPeanutsChanged,
  selectVpnLimits,
  selectVpnLimitsError,
  vpnLimitsRequested,
} from './vpnsSlice';

/** Room at both ends for the marks' labels. */
const SLIDER_STYLE = { marginInline: 32 };

/** A slider mark kept on one line. */
function mark(label: string) {
  return { label, style: { whiteSpace: 'nowrap' as const } };
}

/** The max-peanuts value as read: 0 names what it means (spec §2). */
export function maxPeanutsLabel(value: number, balance: number, limitMax: number): string {
  if (value > 0) return `${formatPeanuts(value)} peanuts`;
  const effective = effectiveMaxPeanuts(value, balance, limitMax);
  return effective > 0
    ? `0: the maximum, ${formatPeanuts(effective)} peanuts`
    : '0: all your peanuts';
}

/** The delete-after value as read, e.g. `4 hours (14400 s)`. */
export function deleteAfterLabel(seconds: number): string {
  return `${humanDuration(seconds)} (${seconds} s)`;
}

/** Formats a slider tooltip (seconds). */
const durationTooltip = { formatter: (value?: number) => humanDuration(value) };

/** The sliders of the next VPN's config. */
export function ConfigurationPanel() {
  const dispatch = useAppDispatch();
  const limits = useAppSelector(selectVpnLimits);
  const limitsError = useAppSelector(selectVpnLimitsError);
  const settings = useAppSelector((state) => selectCreateSettings(state));
  // Keeps the balance loaded (and refreshed with its tag); read through the settings.
  useGetBalanceQuery();

  useEffect(() => {
    dispatch(vpnLimitsRequested());
  }, [dispatch]);

  let body;
  if (limitsError) {
    body = (
      <Alert type="warning" showIcon title={`Your VPN limits are unavailable: ${limitsError}`} />
    );
  } else if (!limits || !settings) {
    body = <Skeleton active paragraph={{ rows: 2 }} />;
  } else {
    const { deleteAfter: after, maxPeanuts: peanuts, balance } = settings;
    body = (
      <Flex vertical gap="middle">
        <div>
          <Typography.Text strong id="delete-after-label">
            Delete after
          </Typography.Text>{' '}
          <Typography.Text data-testid="delete-after-value">
            {deleteAfterLabel(after.value)}
          </Typography.Text>
          <Slider
            min={after.min}
            max={after.max}
            step={after.step}
            value={after.value}
            onChange={(value: number) => dispatch(deleteAfterChanged(value))}
            tooltip={durationTooltip}
            marks={{
              [after.min]: mark(humanDuration(after.min)),
              [after.max]: mark(humanDuration(after.max)),
            }}
            ariaLabelledByForHandle="delete-after-label"
            style={SLIDER_STYLE}
          />
        </div>
        <div>
          <Typography.Text strong id="max-peanuts-label">
            Max peanuts
          </Typography.Text>{' '}
          <Typography.Text data-testid="max-peanuts-value">
            {maxPeanutsLabel(peanuts.value, balance, limits.maxPeanutsFieldMaxValue)}
          </Typography.Text>
          <Slider
            min={peanuts.min}
            max={peanuts.max}
            step={peanuts.step}
            value={peanuts.value}
            onChange={(value: number) => dispatch(maxPeanutsChanged(value))}
            marks={{ [peanuts.min]: '0', [peanuts.max]: String(peanuts.max) }}
            ariaLabelledByForHandle="max-peanuts-label"
            style={SLIDER_STYLE}
          />
        </div>
        <Typography.Text type="secondary">
          The next VPN you create is deleted after this time, or once it has consumed its peanuts,
          whichever comes first.
        </Typography.Text>
      </Flex>
    );
  }
  return (
    <Card title="Configuration" size="small">
      {body}
    </Card>
  );
}
