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
import { REFERRAL_TEXT } from '../features/referral/referralText';
import { useTexts } from '../i18n/context';
import { Rich } from '../i18n/rich';

/** Text of the loader shown during the client initialisation (English). */
export const REFERRAL_INIT_TEXT = REFERRAL_TEXT.page.loading;

/** A section: its heading's id is made of `id` (the English title), the same in every language. */
function Section({
  id: name,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  const id = name
    .toLowerCase()
    .replace(/\s+/g, '-')
    .replace(/[^\w-]/g, '');
  return (
    <section aria-labelledby={id}>
      <Typography.Title level={2} id={id}>
        {title}
      </Typography.Title>
      {children}
    </section>
  );
}

/** The four sections, once the initialisation is over. */
function ReferralSections({ sessionReady }: { sessionReady: boolean }) {
  const T = useTexts('referral', REFERRAL_TEXT).page;
  const E = REFERRAL_TEXT.page;
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
      <Section id={E.howItWorks} title={T.howItWorks}>
        <ol style={{ margin: 0, paddingInlineStart: 20 }}>
          <li>{T.step1}</li>
          <li>{T.step2}</li>
          <li>{T.step3}</li>
        </ol>
        <Typography.Paragraph style={{ marginTop: 8, marginBottom: 0 }}>
          <Rich
            text={T.terms}
            parts={{ terms: (words) => <Link to="/referral/terms">{words}</Link> }}
          />
        </Typography.Paragraph>
      </Section>
      <Section id={E.information} title={T.information}>
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
      <Section id={E.statistics} title={T.statistics}>
        <ReferralStatsCard sessionReady={sessionReady} />
      </Section>
      <Section id={E.history} title={T.history}>
        <ReferralHistory sessionReady={sessionReady} />
      </Section>
    </Flex>
  );
}

/** The referral page. */
export default function ReferralPage() {
  const status = useAppSelector(selectAuthStatus);
  const init = useClientInit();
  const T = useTexts('referral', REFERRAL_TEXT).page;
  let body;
  if (!init.done) body = <PageLoader text={T.loading} />;
  else if (status !== 'authenticated') {
    body = (
      <Typography.Paragraph>
        <Link to="/login">{T.authenticate}</Link>
      </Typography.Paragraph>
    );
  } else body = <ReferralSections sessionReady={init.sessionReady} />;
  return (
    <>
      <Typography.Title level={1}>{T.title}</Typography.Title>
      {body}
    </>
  );
}
