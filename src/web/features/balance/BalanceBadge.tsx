/**
 * The balance badge of the dashboard (spec §2 "Home"): 'Balance', the number with 2 decimals and
 * a peanut symbol, a Buy More button to /pricing and a refresh button. Its colour is error at 0
 * or below, warning above 0 up to 5, info above 5. A failed load goes to the global error card.
 */
import { useEffect, useState } from 'react';
import { Button, Flex, Skeleton, Typography, theme } from 'antd';
import { FileTextOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import { ButtonLink } from '../../components/ButtonLink';
import { PeanutIcon } from '../../components/PeanutIcon';
import { RefreshButton } from '../../components/RefreshButton';
import { balanceSeverity, formatBalance, type BalanceSeverity } from './balanceSeverity';
import { useGetBalanceQuery } from './balanceApi';
import { StatementDrawer } from './StatementDrawer';
import { useTexts, useTranslator } from '../../i18n/context';
import { localizeNumber } from '../../i18n/format';

/** The badge's texts (English; namespace `balance`). */
export const BALANCE_TEXT = {
  balance: 'Balance',
  buyMore: 'Buy More',
  statement: 'Statement',
} as const;

/** Props of {@link BalanceBadge}. */
export interface BalanceBadgeProps {
  /** Also called on refresh (the dashboard reloads the first page of VPNs with it). */
  onRefresh?: () => void;
  /** Shows the refresh button loading while the caller's own reload runs. */
  refreshing?: boolean;
}

/**
 * The badge's tint and border for `severity` (the amount keeps the main text colour: the
 * coloured texts on these tints fall below AA contrast).
 */
function useSeverityColours(severity: BalanceSeverity | undefined) {
  const { token } = theme.useToken();
  switch (severity) {
    case 'error':
      return {
        background: token.colorErrorBg,
        border: token.colorErrorBorder,
      };
    case 'warning':
      return {
        background: token.colorWarningBg,
        border: token.colorWarningBorder,
      };
    case 'info':
      return {
        background: token.colorInfoBg,
        border: token.colorInfoBorder,
      };
    default:
      return { background: token.colorFillQuaternary, border: token.colorBorder };
  }
}

/**
 * Calls `refetch` whenever the page comes back into view (window focus, or the tab made
 * visible): a purchase is paid in another tab, so the balance is reloaded on return.
 */
function useRefetchOnReturn(refetch: () => void): void {
  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState === 'visible') refetch();
    };
    window.addEventListener('focus', refetch);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('focus', refetch);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [refetch]);
}

/** The signed-in user's balance with Buy More and refresh; reloaded when the page is back. */
export function BalanceBadge({ onRefresh, refreshing = false }: BalanceBadgeProps) {
  const { data: balance, isFetching, refetch } = useGetBalanceQuery();
  useRefetchOnReturn(refetch);
  const [statementOpen, setStatementOpen] = useState(false);
  const severity = balance === undefined ? undefined : balanceSeverity(balance);
  const colours = useSeverityColours(severity);
  const { token } = theme.useToken();
  const text = useTexts('balance', BALANCE_TEXT);
  const { language } = useTranslator();

  return (
    <Flex
      role="status"
      aria-label={text.balance}
      data-severity={severity}
      align="center"
      justify="space-between"
      wrap
      gap="middle"
      style={{
        background: colours.background,
        border: `1px solid ${colours.border}`,
        borderRadius: token.borderRadiusLG,
        padding: '12px 16px',
      }}
    >
      <Flex align="baseline" gap="small">
        <Typography.Text strong style={{ fontSize: 16 }}>
          {text.balance}
        </Typography.Text>
        {balance === undefined ? (
          <Skeleton.Input active size="small" style={{ width: 80 }} />
        ) : (
          <Typography.Text strong data-testid="balance-amount" style={{ fontSize: 24 }}>
            {localizeNumber(language, formatBalance(balance))}
          </Typography.Text>
        )}
        <span style={{ fontSize: 20 }}>
          <PeanutIcon />
        </span>
      </Flex>
      <Flex gap="small" wrap>
        <ButtonLink type="primary" to="/pricing" icon={<ShoppingCartOutlined />}>
          {text.buyMore}
        </ButtonLink>
        <Button icon={<FileTextOutlined />} onClick={() => setStatementOpen(true)}>
          {text.statement}
        </Button>
        <RefreshButton
          loading={isFetching || refreshing}
          onClick={() => {
            void refetch();
            onRefresh?.();
          }}
        />
      </Flex>
      <StatementDrawer open={statementOpen} onClose={() => setStatementOpen(false)} />
    </Flex>
  );
}
