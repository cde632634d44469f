/**
 * A centred spinner with a caption, for a page (or a guard) that is not ready yet.
 */
import { Flex, Spin } from 'antd';
import { Text } from './typography';
import { COMMON_TEXT } from './commonText';
import { useTexts } from '../i18n/context';

/** Props of {@link PageLoader}. */
export interface PageLoaderProps {
  /** Text under the spinner; default 'Loading...'. */
  text?: string;
}

/** A centred spinner and its caption, announced politely to screen readers. */
export function PageLoader({ text: given }: PageLoaderProps) {
  const common = useTexts('common', COMMON_TEXT);
  const text = given ?? common.loadingDots;
  return (
    <Flex vertical align="center" gap="small" style={{ padding: 48 }} role="status">
      <Spin />
      <Text type="secondary">{text}</Text>
    </Flex>
  );
}
