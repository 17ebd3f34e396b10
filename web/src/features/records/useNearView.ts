import { useEffect, useRef, useState } from 'react';

/**
 * Whether the element has come within `margin` (CSS, as `'200px'`) of the window, and stays so once it has: for parts of a screen that
 * cost a download or much drawing, made only when the user gets near them. Where the browser cannot tell (no
 * IntersectionObserver), the element counts as near at once.
 */
export function useNearView<E extends Element>(margin: string) {
  const ref = useRef<E>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    const element = ref.current;
    if (near || element === null) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, margin]);

  return { ref, near };
}
