import * as RadixTooltip from '@radix-ui/react-tooltip';
import type { ReactNode } from 'react';
import './tooltip.css';

interface TooltipProps {
  content: ReactNode;
  /** One focusable element (Radix attaches the hover and focus handlers to it). */
  children: ReactNode;
  side?: 'top' | 'bottom' | 'left' | 'right';
}

/** Radix tooltip: shown on hover and keyboard focus, linked to its trigger with aria-describedby. */
export function Tooltip({ content, children, side = 'top' }: TooltipProps) {
  return (
    <RadixTooltip.Provider delayDuration={300}>
      <RadixTooltip.Root>
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
