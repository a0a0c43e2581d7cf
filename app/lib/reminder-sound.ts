import { REMINDER_SOUND_URL } from '#shared/constants.ts';

/** id of the `<audio preload="auto">` element in index.html that preloads the reminder sound. */
export const REMINDER_AUDIO_ELEMENT_ID = 'reminder-sound';

export interface ReminderPlayer {
  /** Plays the reminder from the start. Resolves false when the browser refuses (autoplay policy) or fails. */
  play(): Promise<boolean>;
}

/** The preloaded element from index.html, or a new audio element on the same URL. */
export function reminderAudioElement(): HTMLAudioElement {
  const preloaded = document.getElementById(REMINDER_AUDIO_ELEMENT_ID);
  if (preloaded instanceof HTMLAudioElement) return preloaded;
  const audio = new Audio(REMINDER_SOUND_URL);
  audio.preload = 'auto';
  return audio;
}

/** A player that reuses one audio element, so the preloaded sound is fetched once. */
export function createReminderPlayer(
  getAudio: () => HTMLAudioElement = reminderAudioElement,
): ReminderPlayer {
  let audio: HTMLAudioElement | null = null;
  return {
    async play() {
      try {
        audio ??= getAudio();
        audio.currentTime = 0;
        await audio.play();
        return true;
      } catch {
        // Browsers reject play() until the user has interacted with the page; a missed chime is harmless.
        return false;
      }
    },
  };
}

const defaultPlayer = createReminderPlayer();

/** Plays the notification chime (/media/reminder.mp3). Never throws. */
export function playReminder(): Promise<boolean> {
  return defaultPlayer.play();
}
