/**
 * Referral programme `/referral` (spec §2 "Referral page"); signed-in only. Its widgets come in
 * the referral release.
 */
import { Typography } from 'antd';
import { Link } from 'react-router-dom';

/** The referral page. */
export default function ReferralPage() {
  return (
    <>
      <Typography.Title level={2}>Referral Program</Typography.Title>
      <Typography.Paragraph>
        Share your code with friends: when they make their first peanuts purchase, you both get
        bonus peanuts. Your code, statistics and history come in a coming release.
      </Typography.Paragraph>
      <Typography.Paragraph>
        Read the <Link to="/referral/terms">referral program terms</Link>.
      </Typography.Paragraph>
    </>
  );
}
