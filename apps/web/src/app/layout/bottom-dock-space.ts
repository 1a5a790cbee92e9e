import { useLayoutEffect, type RefObject } from 'react';

/** The page's room at its bottom for what the bottom dock shows (global.css reads it). */
export const DOCK_SPACE_PROPERTY = '--bottom-dock-space';

/**
 * Keeps `--bottom-dock-space` on the root element equal to the room the docked cookie banner or
 * install prompt takes (its height and the gap under it; nothing when the dock is empty): the
 * page reserves that much at its bottom, and scrolling an element into view (focus, links) stops
 * above the dock, so neither ever covers a button for good.
 */
export function useBottomDockSpace(dock: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const element = dock.current;
    const root = document.documentElement;
    if (!element) return;
    const update = () => {
      if (element.offsetHeight === 0) {
        root.style.removeProperty(DOCK_SPACE_PROPERTY);
        return;
      }
      const gap = Math.max(0, window.innerHeight - element.getBoundingClientRect().bottom);
      root.style.setProperty(DOCK_SPACE_PROPERTY, `${Math.ceil(element.offsetHeight + gap * 2)}px`);
    };
    // A ResizeObserver reports the dock's sizes after the browser's own layout, before it paints
    // (the banner going, the prompt coming): measuring here at once would force an extra layout.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    if (observer) observer.observe(element);
    else update();
    window.addEventListener('resize', update);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', update);
      root.style.removeProperty(DOCK_SPACE_PROPERTY);
    };
  }, [dock]);
}
