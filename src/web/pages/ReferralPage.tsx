/**
 * Referral programme `/referral` (spec §2 "Referral page"): after the client initialisation (a
 * loader meanwhile, up to 3 retries), the sections How It Works, Your Referral Information, Your
 * Referral Statistics and Your Referral History; a 'Please authenticate' link when signed out.
 */
import { useEffect, type ReactNode } from 'react';
import { Card, Flex, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { useAppSelector } from '../app/hooks';
import { PageLoader } from '../components/PageLoader';
import { selectAuthStatus } from '../features/auth/authSlice';
import { ReferralHistory } from '../features/referral/ReferralHistory';
import { ReferralStatsCard } from '../features/referral/ReferralStatsCard';
import { ReferrerCodeWidget } from '../features/referral/ReferrerCodeWidget';
import { ShareReferral } from '../features/referral/ShareReferral';
import { useGetReferralCodeQuery } from '../features/referral/referralApi';
import { useClientInit } from '../features/referral/useClientInit';

/** Text of the loader shown during the client initialisation. */
export const REFERRAL_INIT_TEXT = 'Loading referral program...';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = title
    .toLowerCase()
    .replace(/\s+/g, '-')
    .replace(/[^\w-]/g, '');
  return (
    <section aria-labelledby={id}>
      <Typography.Title level={3} id={id}>
        {title}
      </Typography.Title>
      {children}
    </section>
  );
}

/** The four sections, once the initialisation is over. */
function ReferralSections({ sessionReady }: { sessionReady: boolean }) {
  const ownCode = useGetReferralCodeQuery(undefined, {
    skip: !sessionReady,
    refetchOnMountOrArgChange: true,
  });
  useEffect(() => {
    if (!sessionReady) {
      console.warn('Referral data not fetched: the client has no session or no user yet.');
    }
  }, [sessionReady]);

  return (
    <Flex vertical gap="large">
      <Section title="How It Works">
        <ol style={{ margin: 0, paddingInlineStart: 20 }}>
          <li>Share your referral code or link with friends.</li>
          <li>Your friend signs up with your code and makes a first peanuts purchase.</li>
          <li>You both receive bonus peanuts.</li>
        </ol>
        <Typography.Paragraph style={{ marginTop: 8, marginBottom: 0 }}>
          Read the <Link to="/referral/terms">referral program terms</Link>.
        </Typography.Paragraph>
      </Section>
      <Section title="Your Referral Information">
        <Card>
          <Flex vertical gap="large">
            <ShareReferral
              code={ownCode.data}
              loading={sessionReady && (ownCode.isLoading || ownCode.isUninitialized)}
              failed={ownCode.isError}
            />
            <ReferrerCodeWidget sessionReady={sessionReady} />
          </Flex>
        </Card>
      </Section>
      <Section title="Your Referral Statistics">
        <ReferralStatsCard sessionReady={sessionReady} />
      </Section>
      <Section title="Your Referral History">
        <ReferralHistory sessionReady={sessionReady} />
      </Section>
    </Flex>
  );
}

/** The referral page. */
export default function ReferralPage() {
  const status = useAppSelector(selectAuthStatus);
  const init = useClientInit();
  let body;
  if (!init.done) body = <PageLoader text={REFERRAL_INIT_TEXT} />;
  else if (status !== 'authenticated') {
    body = (
      <Typography.Paragraph>
        <Link to="/login">Please authenticate</Link>
      </Typography.Paragraph>
    );
  } else body = <ReferralSections sessionReady={init.sessionReady} />;
  return (
    <>
      <Typography.Title level={2}>Referral Program</Typography.Title>
      {body}
    </>
  );
}
