import { useEffect, type RefObject } from 'react';

/** Space left between a focused field and the bar, so its border and focus ring show too. */
const MARGIN_PX = 12;

/**
 * Keeps the focused field of `container` clear of its sticky bar (found by `barSelector`): the browser's own scroll
 * into view does not always allow for scroll padding, and a field left under the bar cannot be seen while typed in.
 */
export function useFocusClearOfBar(container: RefObject<HTMLElement | null>, barSelector: string) {
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let frame = 0;
    const onFocusIn = (event: FocusEvent) => {
      const focused = event.target;
      const bar = element.querySelector(barSelector);
      if (!(focused instanceof HTMLElement) || !bar || bar.contains(focused)) return;
      cancelAnimationFrame(frame);
      // After the browser's own scroll, make up whatever it left under the bar.
      frame = requestAnimationFrame(() => {
        if (getComputedStyle(bar).position !== 'sticky') return;
        const hidden = focused.getBoundingClientRect().bottom - bar.getBoundingClientRect().top;
        if (hidden > 0) window.scrollBy(0, hidden + MARGIN_PX);
      });
    };
    element.addEventListener('focusin', onFocusIn);
    return () => {
      cancelAnimationFrame(frame);
      element.removeEventListener('focusin', onFocusIn);
    };
  }, [container, barSelector]);
}
