/**
 * Delete account `/unregister` (spec §2 "Other screens"); signed-in only. The delete control
 * comes with identity.
 */
import { Alert, Typography } from 'antd';

/** The warning shown above the delete-account control (spec §2, verbatim). */
export const UNREGISTER_WARNING =
  'This will delete your account! There is no way to rollback. Please double check this is what you want to do.';

/** The unregister page. */
export default function UnregisterPage() {
  return (
    <>
      <Typography.Title level={2}>Unregister</Typography.Title>
      <Alert type="warning" showIcon title={UNREGISTER_WARNING} style={{ marginBottom: 16 }} />
      <Typography.Paragraph>
        Deleting your account becomes available with identity, in a coming release.
      </Typography.Paragraph>
    </>
  );
}
