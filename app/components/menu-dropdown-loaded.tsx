import { Dropdown, type MenuProps } from 'antd';
import { type ReactElement, useEffect, useState } from 'react';

/**
 * antd's Dropdown for MenuDropdown (menu-dropdown.tsx): drawn at the first press of its button, open. Escape
 * closes the list and gives the focus back to the button (antd's Dropdown closes it only).
 */
export function LoadedDropdown({
  menu,
  returnFocus,
  children,
}: {
  menu: MenuProps;
  returnFocus: () => void;
  children: ReactElement;
}) {
  const [open, setOpen] = useState(true);
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') returnFocus();
    };
    // Before the pop-up hears it: it closes at once, and this listener with it.
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [open, returnFocus]);
  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      autoFocus
      open={open}
      onOpenChange={setOpen}
      menu={menu}
    >
      {children}
    </Dropdown>
  );
}
