/**
 * The small-screen header drawer: the search box and the menu, inline. Its own chunk,
 * loaded the first time the menu button is pressed.
 */
import { Drawer, Flex, Menu, type MenuProps } from 'antd';
import { LanguageMenu, ThemeMenu } from '../../features/preferences';
import { HeaderSearch } from './HeaderSearch';
import { PRODUCT_NAME } from '../../components/commonText';

/** Props of {@link HeaderDrawer}. */
export interface HeaderDrawerProps {
  open: boolean;
  onClose: () => void;
  items: MenuProps['items'];
  selectedKeys: string[];
}

/** The drawer with the search box and the inline menu; choosing an item closes it. */
export default function HeaderDrawer({ open, onClose, items, selectedKeys }: HeaderDrawerProps) {
  return (
    <Drawer title={PRODUCT_NAME} placement="right" open={open} onClose={onClose} size={300}>
      <Flex vertical gap="middle">
        <HeaderSearch />
        <LanguageMenu />
        <ThemeMenu />
        <Menu
          mode="inline"
          items={items}
          selectedKeys={selectedKeys}
          onClick={onClose}
          style={{ borderInlineEnd: 'none' }}
        />
      </Flex>
    </Drawer>
  );
}
