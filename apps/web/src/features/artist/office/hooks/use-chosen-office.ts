import type { Office } from '#pie/contracts';
import { useCallback, useSyncExternalStore } from 'react';
import type { QueryLike } from '@web/shared/ui';
import { useListOfficesQuery } from '../api/offices.api';

/*
 * Which of their offices a person is working in. Remembered per person (keyed by the artist user's
 * id, so two people sharing a browser keep their own choice) in this browser's storage; every office
 * page reads it through `useChosenOffice`, and the switcher in the artist layout changes it.
 */

const KEY_PREFIX = 'pie.artist.chosen-office.';
const listeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage can be switched off (private modes, policies): the first office is used then.
    return null;
  }
}

function readChoice(userId: string): string | null {
  try {
    return storage()?.getItem(KEY_PREFIX + userId) ?? null;
  } catch {
    return null;
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab's choice shows here too.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** Remembers `officeId` as the person's office and tells every page that reads it. */
export function rememberChosenOffice(userId: string, officeId: string): void {
  try {
    storage()?.setItem(KEY_PREFIX + userId, officeId);
  } catch {
    // Not remembered across visits; this visit still switches below.
  }
  memory.set(userId, officeId);
  for (const listener of listeners) listener();
}

/** This visit's choices, for a browser that cannot store them. */
const memory = new Map<string, string>();

/** The office a choice names among `offices`, else the first (an office left or deleted falls back). */
export function officeChosenAmong(offices: readonly Office[], chosenId: string | null): Office | undefined {
  return offices.find((office) => office._id === chosenId) ?? offices[0];
}

export interface ChosenOffice {
  /** The person's offices (the query, for its loading and error states). */
  offices: QueryLike<Office[]>;
  /** The office the pages act on: the chosen one, else the first; undefined while loading or with no office. */
  office: Office | undefined;
  choose: (officeId: string) => void;
}

/** The person's chosen office among their offices (`userId`: the signed-in artist user's id). */
export function useChosenOffice(userId: string): ChosenOffice {
  const offices = useListOfficesQuery();
  const chosenId = useSyncExternalStore(
    subscribe,
    () => readChoice(userId) ?? memory.get(userId) ?? null,
    () => null,
  );
  const choose = useCallback((officeId: string) => rememberChosenOffice(userId, officeId), [userId]);
  return { offices, office: officeChosenAmong(offices.data ?? [], chosenId), choose };
}
