import { cloneElement, isValidElement, useLayoutEffect, useState, type ReactNode, type Ref } from 'react';
import { moduleLoader, useLoadedModules } from '@/lib/module-loader';
// The tooltips' styles load with the first screen, not with their code: a screen's own rules that
// refine them (the contact card's width) must come after them whatever chunk arrives first.
import './tooltip.css';

interface TooltipProps {
  content: ReactNode;
  /** One focusable element (Radix attaches the hover and focus handlers to it). */
  children: ReactNode;
  side?: 'top' | 'bottom' | 'left' | 'right';
}

/**
 * Radix's tooltip and its positioning (floating-ui, ~7 KiB gzipped with what it shares with the
 * menus) load when a tooltip is first wanted: the board has one on each column's trash icon, and
 * shows none when it first draws (docs/PERFORMANCE.md, the board's first-load JavaScript).
 */
const tooltipParts = moduleLoader(() => import('./tooltip-parts'));

/** The tooltip's code, loaded now (tests that hover a trigger without waiting on a fetch). */
export const tooltipModules = () => tooltipParts();

type TriggerProps = {
  ref?: Ref<HTMLElement>;
  onPointerEnter?: (event: unknown) => void;
  onPointerLeave?: (event: unknown) => void;
  onFocus?: (event: unknown) => void;
  onBlur?: (event: unknown) => void;
};

/**
 * Shown on hover and keyboard focus, linked to its trigger with aria-describedby (Radix). Until the
 * trigger is first hovered or focused it is the trigger alone; then the Radix tooltip takes its
 * place, open at once if the pointer or the focus is still on it (the trigger element is replaced
 * that once, and a focused one gets the focus back).
 */
export function Tooltip({ content, children, side = 'top' }: TooltipProps) {
  // Where the pointer and the focus are until the switch: the Radix tooltip then opens at once.
  const [pointerOn, setPointerOn] = useState(false);
  const [focused, setFocused] = useState(false);
  // Mounted once the code is in (another tooltip was shown): the Radix tooltip from the start.
  const [wanted, setWanted] = useState(() => tooltipParts.loaded !== undefined);
  const [node, setNode] = useState<HTMLElement | null>(null);
  const parts = useLoadedModules(tooltipParts, wanted);
  const switched = Boolean(parts && wanted);

  useLayoutEffect(() => {
    if (switched && focused) node?.focus();
    // Once, when the Radix trigger (a new element) takes the place of the focused one.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [switched, node]);

  if (!isValidElement<TriggerProps>(children)) return children;
  if (parts && wanted) {
    return (
      <parts.RadixTooltipRoot content={content} side={side} defaultOpen={pointerOn || focused}>
        {cloneElement(children, { ref: setNode })}
      </parts.RadixTooltipRoot>
    );
  }
  const own = children.props;
  return cloneElement(children, {
    ref: setNode,
    onPointerEnter: (event: unknown) => {
      own.onPointerEnter?.(event);
      setPointerOn(true);
      setWanted(true);
    },
    onPointerLeave: (event: unknown) => {
      own.onPointerLeave?.(event);
      setPointerOn(false);
    },
    onFocus: (event: unknown) => {
      own.onFocus?.(event);
      setFocused(true);
      setWanted(true);
    },
    onBlur: (event: unknown) => {
      own.onBlur?.(event);
      setFocused(false);
    },
  });
}
