import type { SessionState } from './sessionSlice';

/** Editing a confirmed address means it must be checked again, so sign-in never uses a stale one. */
export function editUnconfirms(
  session: Pick<SessionState, 'email' | 'emailCheck'>,
  typed: string,
): boolean {
  return session.emailCheck === 'confirmed' && typed !== session.email;
}
