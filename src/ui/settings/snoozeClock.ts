import type { Clock } from '../../app/settings/snooze';

/** The system's time and timers. */
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimer: (callback, delayMs) => {
    const handle = setTimeout(callback, delayMs);
    return { dispose: () => clearTimeout(handle) };
  },
};
