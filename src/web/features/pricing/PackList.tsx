/**
 * The peanut packs as a responsive grid of cards, with a linear loader while the list is empty
 * (spec §2 "Pricing").
 */
import { Button, Col, Row } from 'antd';
import { ShoppingCartOutlined } from '@ant-design/icons';
import { useLocation } from 'react-router-dom';
import type { PeanutsPack } from '../../../core/packs';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectAppConfig } from '../../app/appConfigSlice';
import { ButtonLink } from '../../components/ButtonLink';
import { LinearLoader } from '../../components/LinearLoader';
import { selectAuthStatus, selectAuthUser } from '../auth';
import { errorReported } from '../errors';
import { readPendingCode } from '../referral';
import { useTexts } from '../../i18n/context';
import { PACK_TEXT, PackCard } from './PackCard';
import { useListPeanutsPacksQuery } from './packsApi';
import { buildPurchaseUrl } from './purchaseUrl';

/** The packs for sale, each with Buy (signed in) or Sign In (anonymous). */
export function PackList() {
  const text = useTexts('pack', PACK_TEXT);
  const { data: packs = [] } = useListPeanutsPacksQuery();
  const authenticated = useAppSelector(selectAuthStatus) === 'authenticated';
  const user = useAppSelector(selectAuthUser);
  const appConfig = useAppSelector(selectAppConfig);
  const { search } = useLocation();
  const dispatch = useAppDispatch();

  if (packs.length === 0) return <LinearLoader label={text.loading} />;

  const buy = (pack: PeanutsPack) => {
    if (!user?.sub) return;
    let url: string;
    try {
      url = buildPurchaseUrl(pack.url, appConfig?.apiBaseUrl ?? window.location.origin, {
        sub: user.sub,
        referralCode: readPendingCode() ?? undefined,
        email: user.email,
        coupon: new URLSearchParams(search).get('coupon') ?? undefined,
      });
    } catch (error) {
      dispatch(errorReported(error));
      return;
    }
    window.open(url, '_blank', 'noopener,noreferrer');
  };

  return (
    <Row gutter={[16, 16]}>
      {packs.map((pack) => (
        <Col key={pack.id} xs={24} md={12} lg={8}>
          <PackCard
            pack={pack}
            action={
              authenticated ? (
                <Button type="primary" icon={<ShoppingCartOutlined />} onClick={() => buy(pack)}>
                  {text.buy}
                </Button>
              ) : (
                <ButtonLink type="primary" to="/login">
                  {text.signIn}
                </ButtonLink>
              )
            }
          />
        </Col>
      ))}
    </Row>
  );
}
