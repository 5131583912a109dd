import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useLingui } from '#src/lib/i18n/use-lingui';

export const SCROLL_HINT = /*i18n*/ 'Scroll sideways to see more';

/** Where the box stands: wider content than the box, and content hidden before / after the view. */
type Overflow = { overflows: boolean; moreBefore: boolean; moreAfter: boolean };
const FITS: Overflow = { overflows: false, moreBefore: false, moreAfter: false };

function measure(box: HTMLElement): Overflow {
  // A pixel of slack: zoomed pages round widths, and a table that fits must not claim to scroll.
  const hidden = box.scrollWidth - box.clientWidth;
  if (hidden <= 1) return FITS;
  return { overflows: true, moreBefore: box.scrollLeft > 1, moreAfter: box.scrollLeft < hidden - 1 };
}

const same = (a: Overflow, b: Overflow) =>
  a.overflows === b.overflows && a.moreBefore === b.moreBefore && a.moreAfter === b.moreAfter;

/**
 * A wide table scrolls sideways inside this box on a phone instead of widening the page. The box is
 * focusable and named so keyboard users can scroll it too (arrow keys). Only when the table is wider
 * than the box, it says so: 'Scroll sideways to see more' above it (also the box's description) and
 * a shaded edge on the side that has more; a table that fits shows neither.
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  const { i18n } = useLingui();
  const box = useRef<HTMLElement>(null);
  const hintId = useId();
  const [overflow, setOverflow] = useState<Overflow>(FITS);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const update = () => {
      const next = measure(element);
      setOverflow((current) => (same(current, next) ? current : next));
    };
    update();
    element.addEventListener('scroll', update, { passive: true });
    // The box (window resized, phone turned) and the table (rows replaced) change size without a scroll.
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(update);
    observer?.observe(element);
    if (element.firstElementChild) observer?.observe(element.firstElementChild);
    return () => {
      element.removeEventListener('scroll', update);
      observer?.disconnect();
    };
  }, []);

  const classes = ['table-scroll-frame'];
  if (overflow.moreBefore) classes.push('table-scroll-frame--more-before');
  if (overflow.moreAfter) classes.push('table-scroll-frame--more-after');
  return (
    <div className={classes.join(' ')}>
      {overflow.overflows && (
        <p className="table-scroll__hint" id={hintId}>
          {i18n._(SCROLL_HINT)}
          <span aria-hidden="true"> →</span>
        </p>
      )}
      <div className="table-scroll__viewport">
        <section
          ref={box}
          className="table-scroll"
          aria-label={label}
          aria-describedby={overflow.overflows ? hintId : undefined}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1).
          tabIndex={0}
        >
          {children}
        </section>
      </div>
    </div>
  );
}
