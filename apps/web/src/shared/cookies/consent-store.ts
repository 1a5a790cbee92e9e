import { useSyncExternalStore } from 'react';
import { hasSavedPreferences, readPreferences, savePreferences, type CookiePreferences } from './preferences';

interface ConsentState {
  preferences: CookiePreferences;
  /** A readable choice is saved: the banner stays away. */
  decided: boolean;
  /** The Cookie Preferences dialog is open. */
  dialogOpen: boolean;
}

type Listener = () => void;
const listeners = new Set<Listener>();
let state: ConsentState | null = null;

function current(): ConsentState {
  state ??= { preferences: readPreferences(), decided: hasSavedPreferences(), dialogOpen: false };
  return state;
}

function update(next: Partial<ConsentState>): void {
  state = { ...current(), ...next };
  for (const listener of listeners) listener();
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The consent state, shared by the banner, the dialog and any page that opens it. */
export function useCookieConsent(): ConsentState {
  return useSyncExternalStore(subscribe, current, current);
}

export function openCookiePreferences(): void {
  update({ preferences: readPreferences(), dialogOpen: true });
}

export function closeCookiePreferences(): void {
  update({ dialogOpen: false });
}

/** Saves a choice (spec §4), closes the dialog and hides the banner. */
export function saveCookieChoice(choice: Partial<CookiePreferences>): CookiePreferences {
  const preferences = savePreferences(choice);
  update({ preferences, decided: true, dialogOpen: false });
  return preferences;
}

/** Tests: forget the cached state so the next read comes from storage. */
export function resetCookieConsentForTests(): void {
  state = null;
  for (const listener of listeners) listener();
}
