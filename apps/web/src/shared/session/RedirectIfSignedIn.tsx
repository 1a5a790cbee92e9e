import { useState, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import type { SessionState } from './session.slice';

export interface RedirectIfSignedInProps {
  /** The area's session status (its layout asks the server once when it is unknown). */
  status: SessionState['status'];
  /** The area's home, where a signed-in person belongs instead. */
  to: string;
  children: ReactNode;
}

/**
 * A sign-in or sign-up screen (or an area's landing) for someone who is already signed in:
 * they go to their area's home. Decided by the status on arrival (once the layout's check
 * answers), so signing in on this screen still goes where the sign-in form sends them.
 */
export function RedirectIfSignedIn({ status, to, children }: RedirectIfSignedInProps) {
  const [onArrival, setOnArrival] = useState(status);
  if (onArrival === 'unknown' && status !== 'unknown') setOnArrival(status);
  if (onArrival === 'authenticated') return <Navigate to={to} replace />;
  return children;
}
