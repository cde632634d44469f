/**
 * Change password `/password` (spec §2 "Other screens"); signed-in only. The form comes with
 * identity.
 */
import { Typography } from 'antd';

/** The change-password page. */
export default function PasswordPage() {
  return (
    <>
      <Typography.Title level={2}>Password Change</Typography.Title>
      <Typography.Paragraph>
        Changing your password becomes available with identity, in a coming release.
      </Typography.Paragraph>
    </>
  );
}
