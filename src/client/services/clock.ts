import type { ClockService } from './types';

// Token expiry is compared with the current time in milliseconds (docs/behaviour.md 9).
export const systemClock: ClockService = { now: () => Date.now() };
