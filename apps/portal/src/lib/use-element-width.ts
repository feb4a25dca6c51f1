import { useLayoutEffect, useRef, useState } from 'react';

// Where nothing is laid out (unit tests): a width to draw at.
const fallbackWidth = 640;

/** The width of the element, followed as it changes. */
export function useElementWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setWidth(entry?.contentRect.width ?? 0));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width || fallbackWidth] as const;
}
