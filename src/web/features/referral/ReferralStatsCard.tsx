/**
 * The referral statistics card (spec §2 "Stats card", §8): total referrals and peanuts earned,
 * an invitation to share while there are none, and the spec's text when they fail to load.
 */
import { Card, Col, Row, Spin, Statistic, Typography } from 'antd';
import { useGetReferralStatsQuery } from './referralApi';

/** Texts of the card (spec §2, §8). */
export const STATS_TEXTS = {
  empty: 'Start sharing your referral code to see your statistics here!',
  failed: 'Unable to load referral statistics. Please try refreshing the page.',
} as const;

/** Props of {@link ReferralStatsCard}. */
export interface ReferralStatsCardProps {
  /** The client has a session and a user; otherwise the fetch is skipped (spec §6). */
  sessionReady: boolean;
}

/** The statistics card. */
export function ReferralStatsCard({ sessionReady }: ReferralStatsCardProps) {
  const { data, isLoading, isError } = useGetReferralStatsQuery(undefined, {
    skip: !sessionReady,
    refetchOnMountOrArgChange: true,
  });
  let body;
  if (isLoading) body = <Spin aria-label="Loading referral statistics" />;
  else if (isError || !data)
    body = <Typography.Text type="danger">{STATS_TEXTS.failed}</Typography.Text>;
  else if (data.totalReferrals === 0) body = <Typography.Text>{STATS_TEXTS.empty}</Typography.Text>;
  else
    body = (
      <Row gutter={[16, 16]}>
        <Col xs={24} sm={12}>
          <Statistic title="Total Referrals" value={data.totalReferrals} />
        </Col>
        <Col xs={24} sm={12}>
          <Statistic title="Peanuts Earned" value={data.totalRewardsEarned} precision={2} />
        </Col>
      </Row>
    );
  return <Card aria-label="Referral statistics">{body}</Card>;
}
