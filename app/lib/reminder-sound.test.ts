import { afterEach, describe, expect, it, vi } from 'vitest';
import { REMINDER_SOUND_URL } from '#shared/constants.ts';
import { createReminderPlayer, REMINDER_AUDIO_ELEMENT_ID, reminderAudioElement } from './reminder-sound.ts';

class FakeAudio {
  static created: FakeAudio[] = [];
  preload = '';
  currentTime = 0;
  readonly play = vi.fn<() => Promise<void>>(() => Promise.resolve());
  readonly src: string;
  constructor(src: string) {
    this.src = src;
    FakeAudio.created.push(this);
  }
}

function fakeAudio(): HTMLAudioElement {
  return new FakeAudio(REMINDER_SOUND_URL) as unknown as HTMLAudioElement;
}

afterEach(() => {
  FakeAudio.created = [];
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('reminder sound', () => {
  it('plays from the start and reuses one audio element', async () => {
    const player = createReminderPlayer(fakeAudio);
    expect(await player.play()).toBe(true);
    const [audio] = FakeAudio.created;
    expect(audio?.src).toBe('/media/reminder.mp3');
    audio!.currentTime = 0.4;
    expect(await player.play()).toBe(true);
    expect(FakeAudio.created).toHaveLength(1);
    expect(audio?.currentTime).toBe(0);
    expect(audio?.play).toHaveBeenCalledTimes(2);
  });

  it('swallows autoplay rejections and reports them', async () => {
    const player = createReminderPlayer(() => {
      const audio = fakeAudio();
      vi.mocked(audio.play).mockRejectedValue(new DOMException('play() failed', 'NotAllowedError'));
      return audio;
    });
    await expect(player.play()).resolves.toBe(false);
  });

  it('reports failure when audio cannot be created at all', async () => {
    const player = createReminderPlayer(() => {
      throw new ReferenceError('Audio is not defined');
    });
    await expect(player.play()).resolves.toBe(false);
  });

  it('uses the preloaded element of index.html when present', () => {
    const element = document.createElement('audio');
    element.id = REMINDER_AUDIO_ELEMENT_ID;
    element.src = REMINDER_SOUND_URL;
    document.body.append(element);
    expect(reminderAudioElement()).toBe(element);
  });

  it('otherwise creates an audio element on the preloaded URL', () => {
    vi.stubGlobal('Audio', FakeAudio);
    const audio = reminderAudioElement() as unknown as FakeAudio;
    expect(audio).toBeInstanceOf(FakeAudio);
    expect(audio.src).toBe(REMINDER_SOUND_URL);
    expect(audio.preload).toBe('auto');
  });
});
