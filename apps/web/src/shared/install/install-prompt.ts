import { useSyncExternalStore } from 'react';

/** Chromium's install prompt event (not in the DOM typings). */
export interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
}

/** Where a dismissal is remembered. */
export const INSTALL_DISMISSED_KEY = 'pie-install-prompt-dismissed';

export type InstallOffer =
  /** The browser can install Pie: our button calls its prompt. */
  | { kind: 'prompt' }
  /** iOS Safari has no prompt: tell the person how to add Pie to the home screen. */
  | { kind: 'ios' }
  | { kind: 'none' };

interface InstallState {
  deferred: BeforeInstallPromptEvent | null;
  dismissed: boolean;
  installed: boolean;
}

type Listener = () => void;
const listeners = new Set<Listener>();
let state: InstallState = { deferred: null, dismissed: readDismissed(), installed: false };

function readDismissed(): boolean {
  try {
    return window.localStorage.getItem(INSTALL_DISMISSED_KEY) !== null;
  } catch {
    return false;
  }
}

function update(next: Partial<InstallState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Running as an installed app already (any platform). */
export function isStandalone(win: Window = window): boolean {
  const iosStandalone = (win.navigator as { standalone?: boolean }).standalone === true;
  return iosStandalone || (typeof win.matchMedia === 'function' && win.matchMedia('(display-mode: standalone)').matches);
}

/** iPhone, iPod or iPad (iPadOS reports itself as a Mac with touch) in Safari, which cannot prompt. */
export function isIosSafari(nav: Pick<Navigator, 'userAgent' | 'maxTouchPoints'> = navigator): boolean {
  const ua = nav.userAgent;
  const ios = /iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && nav.maxTouchPoints > 1);
  // Other iOS browsers (Chrome, Firefox, Edge…) say so in the user agent; only Safari can add to the home screen.
  const otherBrowser = /CriOS|FxiOS|EdgiOS|OPiOS|GSA\//.test(ua);
  return ios && /Safari/.test(ua) && !otherBrowser;
}

/**
 * Captures `beforeinstallprompt` from the first moment (it fires once, early)
 * so the prompt can be offered on every page. Call once at start-up. An event that
 * fired before the app's code ran was kept by index.html's boot script
 * (`window.__pieEarlyInstallPrompt`): it is offered too.
 */
export function listenForInstallPrompt(win: Window = window): () => void {
  const early = (win as Window & { __pieEarlyInstallPrompt?: BeforeInstallPromptEvent }).__pieEarlyInstallPrompt;
  if (early) update({ deferred: early });
  const onPrompt = (event: Event) => {
    event.preventDefault();
    update({ deferred: event as BeforeInstallPromptEvent });
  };
  const onInstalled = () => update({ deferred: null, installed: true });
  win.addEventListener('beforeinstallprompt', onPrompt);
  win.addEventListener('appinstalled', onInstalled);
  return () => {
    win.removeEventListener('beforeinstallprompt', onPrompt);
    win.removeEventListener('appinstalled', onInstalled);
  };
}

function offerFor(current: InstallState): InstallOffer {
  if (current.dismissed || current.installed || isStandalone()) return { kind: 'none' };
  if (current.deferred) return { kind: 'prompt' };
  if (isIosSafari()) return { kind: 'ios' };
  return { kind: 'none' };
}

let cachedFor: InstallState | null = null;
let cachedOffer: InstallOffer = { kind: 'none' };
function snapshot(): InstallOffer {
  if (cachedFor !== state) {
    const next = offerFor(state);
    if (next.kind !== cachedOffer.kind) cachedOffer = next;
    cachedFor = state;
  }
  return cachedOffer;
}

export function useInstallOffer(): InstallOffer {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/** 'Not now': hide the prompt and remember it. */
export function dismissInstallPrompt(): void {
  try {
    window.localStorage.setItem(INSTALL_DISMISSED_KEY, new Date().toISOString());
  } catch {
    // storage unavailable: hidden for this page load only
  }
  update({ dismissed: true });
}

/** 'Install': the browser's own dialog. The event can be used once, so it is dropped after. */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const deferred = state.deferred;
  if (!deferred) return 'unavailable';
  update({ deferred: null });
  await deferred.prompt();
  const { outcome } = await deferred.userChoice;
  if (outcome === 'dismissed') dismissInstallPrompt();
  return outcome;
}

/** Tests: start afresh, reading the remembered dismissal again. */
export function resetInstallPromptForTests(): void {
  state = { deferred: null, dismissed: readDismissed(), installed: false };
  for (const listener of listeners) listener();
}
