/**
 * The configuration panel (spec §2 "Configuration panel"): the delete-after and max-peanuts
 * sliders of the next VPN, with the range, step and default rules of core `vpnPanel.ts`, the
 * limits from the id token's `custom:config` claim and the balance.
 */
import { useEffect } from 'react';
import { Alert, Card, Flex, Skeleton, Slider, Typography } from 'antd';
import { formatDuration, formatPeanuts } from '../../../core/format';
import { deleteAfterSlider, effectiveMaxPeanuts, maxPeanutsSlider } from '../../../core/vpnPanel';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useGetBalanceQuery } from '../balance/balanceApi';
import { deleteAfterChanged, maxPeanutsChanged, selectVpns, vpnLimitsRequested } from './vpnsSlice';

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
  return `${formatDuration(seconds)} (${seconds} s)`;
}

/** The sliders of the next VPN's config. */
export function ConfigurationPanel() {
  const dispatch = useAppDispatch();
  const { limits, limitsError, deleteAfter, maxPeanuts } = useAppSelector(selectVpns);
  const { data: balance } = useGetBalanceQuery();

  useEffect(() => {
    dispatch(vpnLimitsRequested());
  }, [dispatch]);

  let body;
  if (limitsError) {
    body = (
      <Alert type="warning" showIcon title={`Your VPN limits are unavailable: ${limitsError}`} />
    );
  } else if (!limits) {
    body = <Skeleton active paragraph={{ rows: 2 }} />;
  } else {
    const after = deleteAfterSlider(limits);
    const afterValue = Math.min(after.max, Math.max(after.min, deleteAfter ?? after.default));
    const peanuts = maxPeanutsSlider(limits, balance ?? 0);
    const peanutsValue = Math.min(peanuts.max, maxPeanuts);
    body = (
      <Flex vertical gap="middle">
        <div>
          <Typography.Text strong id="delete-after-label">
            Delete after
          </Typography.Text>{' '}
          <Typography.Text data-testid="delete-after-value">
            {deleteAfterLabel(afterValue)}
          </Typography.Text>
          <Slider
            min={after.min}
            max={after.max}
            step={after.step}
            value={afterValue}
            onChange={(value: number) => dispatch(deleteAfterChanged(value))}
            tooltip={{ formatter: (value) => formatDuration(value) }}
            marks={{
              [after.min]: mark(formatDuration(after.min)),
              [after.max]: mark(formatDuration(after.max)),
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
            {balance === undefined
              ? '...'
              : maxPeanutsLabel(peanutsValue, balance, limits.maxPeanutsFieldMaxValue)}
          </Typography.Text>
          <Slider
            min={peanuts.min}
            max={peanuts.max}
            step={peanuts.step}
            value={peanutsValue}
            disabled={balance === undefined}
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
