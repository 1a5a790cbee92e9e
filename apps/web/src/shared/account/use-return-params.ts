import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useMountEffect } from './use-mount-effect';

/**
 * What a provider's round trip put in the address (`?error=`, `?linked=`, `?signedIn=`…): read
 * once on arrival, then removed from the address, so a reload, a bookmark or a shared link does
 * not carry it (and it does not linger in the history).
 */
export function useReturnParams<Key extends string>(keys: readonly Key[]): Partial<Record<Key, string>> {
  const [params, setParams] = useSearchParams();
  const [values] = useState(() => {
    const found: Partial<Record<Key, string>> = {};
    for (const key of keys) {
      const value = params.get(key);
      if (value !== null) found[key] = value;
    }
    return found;
  });
  useMountEffect(() => {
    if (!keys.some((key) => params.has(key))) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const key of keys) next.delete(key);
        return next;
      },
      { replace: true },
    );
  });
  return values;
}
