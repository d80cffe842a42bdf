import type { DropdownProps } from 'antd';
import { cloneElement, useState, type MouseEvent, type ReactElement } from 'react';
import { dropdownChunk, type Dropdown } from './dropdownChunk';

// antd's Dropdown with its Menu and their styles is one of the largest parts of the dashboard, and is
// used only once the admin menu is opened: its code arrives in its own chunk (./dropdownChunk.ts),
// fetched when the page is idle or on the first click, so it is never on the way to the first paint
// (docs/performance.md).

export interface DeferredDropdownProps extends Omit<DropdownProps, 'open' | 'onOpenChange'> {
  /** The trigger: a button that opens the menu on click. */
  children: ReactElement<{ onClick?: (event: MouseEvent) => void }>;
}

/**
 * A click-triggered Dropdown. Until its code is in, the trigger is drawn alone and its first click
 * fetches the code and then opens the menu; once in, it is antd's Dropdown as before.
 */
export function DeferredDropdown({ children, ...props }: DeferredDropdownProps) {
  // Chosen at mount or at the first click, never in between: changing it remounts the trigger.
  const [Component, setComponent] = useState<Dropdown | undefined>(dropdownChunk.loaded);
  const [open, setOpen] = useState(false);

  if (Component === undefined) {
    const openOnceLoaded = (event: MouseEvent) => {
      children.props.onClick?.(event);
      dropdownChunk.preload().then(
        (dropdown) => {
          setComponent(() => dropdown);
          setOpen(true);
        },
        // Offline or a new deployment: the next click tries again.
        () => undefined,
      );
    };
    return cloneElement(children, { onClick: openOnceLoaded });
  }
  return (
    <Component {...props} open={open} onOpenChange={setOpen}>
      {children}
    </Component>
  );
}
