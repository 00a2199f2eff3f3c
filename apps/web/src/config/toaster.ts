import type { ToasterProps } from 'sonner';
import type { CSSProperties } from 'react';

/**
 * trading.md §2: 3 visible, 4 s default duration, 356 px wide. Bottom right, not the spec's top
 * right: there they covered the header's 'Bridge:' badge and the dialogs' close buttons.
 */
export const toasterOptions = {
  position: 'bottom-right',
  visibleToasts: 3,
  duration: 4000,
  style: { '--width': '356px' } as CSSProperties,
} satisfies ToasterProps;
