/**
 * The referral statistics card (spec §2 "Stats card", §8): total referrals and peanuts earned,
 * an invitation to share while there are none, and the spec's text when they fail to load.
 */
import { Card, Col, Row, Spin, Statistic, Typography } from 'antd';
import { useTexts } from '../../i18n/context';
import { useGetReferralStatsQuery } from './referralApi';
import { REFERRAL_TEXT } from './referralText';

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
  const T = useTexts('referral', REFERRAL_TEXT).stats;
  let body;
  if (isLoading) body = <Spin aria-label={T.loading} />;
  else if (isError || !data) body = <Typography.Text type="danger">{T.failed}</Typography.Text>;
  else if (data.totalReferrals === 0) body = <Typography.Text>{T.empty}</Typography.Text>;
  else
    body = (
      <Row gutter={[16, 16]}>
        <Col xs={24} sm={12}>
          <Statistic title={T.total} value={data.totalReferrals} />
        </Col>
        <Col xs={24} sm={12}>
          <Statistic title={T.earned} value={data.totalRewardsEarned} precision={2} />
        </Col>
      </Row>
    );
  return <Card aria-label={T.card}>{body}</Card>;
}
