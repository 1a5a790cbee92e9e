import { useEffect, useRef } from 'react';

/** Runs once after the first render (once under StrictMode too). */
export function useMountEffect(effect: () => void): void {
  const done = useRef(false);
  const latest = useRef(effect);
  latest.current = effect;
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    latest.current();
  }, []);
}
