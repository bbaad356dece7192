import { act, fireEvent, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { describe, expect, it } from 'vitest';
import { useScrollEdges } from './use-scroll-edges';

function Scroller() {
  const ref = useRef<HTMLDivElement>(null);
  const edges = useScrollEdges(ref, 0);
  return (
    <div data-testid="scroller" ref={ref} data-start={edges.start} data-end={edges.end}>
      columns
    </div>
  );
}

/** jsdom has no layout: the scroller's sizes are set by hand. */
function setLayout(element: HTMLElement, layout: { scrollWidth: number; clientWidth: number; scrollLeft: number }) {
  for (const [key, value] of Object.entries(layout)) {
    Object.defineProperty(element, key, { configurable: true, value });
  }
}

describe('useScrollEdges', () => {
  it('says which sides hide content, following the scroll', () => {
    const { rerender } = render(<Scroller />);
    const scroller = screen.getByTestId('scroller');
    setLayout(scroller, { scrollWidth: 1400, clientWidth: 1232, scrollLeft: 0 });
    act(() => {
      fireEvent.scroll(scroller);
    });
    expect(scroller.dataset).toMatchObject({ start: 'false', end: 'true' });

    setLayout(scroller, { scrollWidth: 1400, clientWidth: 1232, scrollLeft: 80 });
    fireEvent.scroll(scroller);
    expect(scroller.dataset).toMatchObject({ start: 'true', end: 'true' });

    setLayout(scroller, { scrollWidth: 1400, clientWidth: 1232, scrollLeft: 168 });
    fireEvent.scroll(scroller);
    expect(scroller.dataset).toMatchObject({ start: 'true', end: 'false' });
    rerender(<Scroller />);
  });

  it('shades nothing when everything fits', () => {
    render(<Scroller />);
    const scroller = screen.getByTestId('scroller');
    setLayout(scroller, { scrollWidth: 900, clientWidth: 1232, scrollLeft: 0 });
    fireEvent.scroll(scroller);
    expect(scroller.dataset).toMatchObject({ start: 'false', end: 'false' });
  });
});
