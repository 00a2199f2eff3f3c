import type { ToasterProps } from 'sonner';
import type { CSSProperties } from 'react';

/** trading.md §2: 3 visible, 4 s default duration, 356 px wide, top right. */
export const toasterOptions = {
  position: 'top-right',
  visibleToasts: 3,
  duration: 4000,
  style: { '--width': '356px' } as CSSProperties,
} satisfies ToasterProps;
