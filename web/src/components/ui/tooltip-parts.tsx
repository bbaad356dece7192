import * as RadixTooltip from '@radix-ui/react-tooltip';
import type { ReactNode } from 'react';

// The tooltip's Radix half, loaded when its trigger is first hovered or focused (tooltip.tsx).

interface RadixTooltipProps {
  content: ReactNode;
  children: ReactNode;
  side: 'top' | 'bottom' | 'left' | 'right';
  /** Shown at once: the pointer or the focus reached the trigger while this code was loading. */
  defaultOpen: boolean;
}

/** Radix tooltip: shown on hover and keyboard focus, linked to its trigger with aria-describedby. */
export function RadixTooltipRoot({ content, children, side, defaultOpen }: RadixTooltipProps) {
  return (
    <RadixTooltip.Provider delayDuration={300}>
      <RadixTooltip.Root defaultOpen={defaultOpen}>
        <RadixTooltip.Trigger asChild>{children}</RadixTooltip.Trigger>
        <RadixTooltip.Portal>
          <RadixTooltip.Content className="tooltip" side={side} sideOffset={6}>
            {content}
            <RadixTooltip.Arrow className="tooltip__arrow" />
          </RadixTooltip.Content>
        </RadixTooltip.Portal>
      </RadixTooltip.Root>
    </RadixTooltip.Provider>
  );
}
