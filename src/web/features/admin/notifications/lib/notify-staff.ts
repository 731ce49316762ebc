import { STAFF_LIVE_MSG, type TStaffNotificationSettings } from '#shared/contracts/staff-live.js';

let audio: AudioContext | undefined;

/** A short two-tone chime made on the spot (no sound file to load). */
function chime(): void {
  const Context = window.AudioContext as typeof AudioContext | undefined;
  if (!Context) return;
  audio ??= new Context();
  const at = audio.currentTime;
  for (const [offset, frequency] of [
    [0, 880],
    [0.15, 1320],
  ] as const) {
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.15, at + offset);
    gain.gain.exponentialRampToValueAtTime(0.001, at + offset + 0.14);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start(at + offset);
    oscillator.stop(at + offset + 0.15);
  }
}

/**
 * The optional sound and desktop notification of a new paid order, a new chat and an overdue
 * case (docs/decisions/032): each only when the staff member switched it on. `tag` folds
 * repeats of the same thing into one desktop notification.
 */
export function notifyStaff(settings: TStaffNotificationSettings | undefined, body: string, tag: string): void {
  if (!settings) return;
  if (settings.sound) {
    try {
      chime();
    } catch {
      // A browser that refuses to play before a click: the notification still shows.
    }
  }
  if (settings.desktop && typeof Notification !== 'undefined' && Notification.permission === 'granted') {
    new Notification(STAFF_LIVE_MSG.notificationTitle, { body, tag });
  }
}
