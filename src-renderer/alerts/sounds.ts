import type { AlertSettings, AlertSound } from '../../src-shared/settings';

/**
 * The terminal's sounds, synthesised with Web Audio: no audio file to ship, works offline. Each kind
 * has its own shape so a cook knows without looking: rising tones for a new order (three voices to
 * choose from), falling ones for a cancellation, a two-tone siren for a customer's dispute, fast beeps for a confirm deadline under 2 minutes,
 * low pulses for a terminal offline.
 */
export type SoundKind = 'new' | 'cancelled' | 'dispute' | 'deadline' | 'offline';

/** Plays a sound (Web Audio in the app; a spy in tests). */
export type SoundPlayer = (kind: SoundKind, settings: Pick<AlertSettings, 'sound' | 'volume'>) => void;

type Note = readonly [offset: number, frequency: number, length: number];

const NEW_ORDER: Record<AlertSound, { wave: OscillatorType; notes: readonly Note[] }> = {
  chime: {
    wave: 'sine',
    notes: [
      [0, 880, 0.3],
      [0.18, 1175, 0.3],
      [0.36, 1568, 0.4],
    ],
  },
  bell: {
    wave: 'triangle',
    notes: [
      [0, 1318, 0.9],
      [0.45, 1318, 0.9],
    ],
  },
  beep: {
    wave: 'square',
    notes: [
      [0, 1000, 0.12],
      [0.2, 1000, 0.12],
      [0.4, 1000, 0.12],
    ],
  },
};
const OTHERS: Record<Exclude<SoundKind, 'new'>, { wave: OscillatorType; notes: readonly Note[] }> = {
  cancelled: {
    wave: 'sawtooth',
    notes: [
      [0, 988, 0.25],
      [0.25, 740, 0.25],
      [0.5, 494, 0.5],
    ],
  },
  dispute: {
    wave: 'triangle',
    notes: [
      [0, 784, 0.22],
      [0.25, 587, 0.22],
      [0.5, 784, 0.22],
      [0.75, 587, 0.22],
    ],
  },
  deadline: {
    wave: 'square',
    notes: [
      [0, 1760, 0.08],
      [0.12, 1760, 0.08],
      [0.24, 1760, 0.08],
      [0.36, 1760, 0.08],
      [0.48, 1760, 0.08],
    ],
  },
  offline: {
    wave: 'sine',
    notes: [
      [0, 330, 0.4],
      [0.6, 330, 0.4],
      [1.2, 330, 0.4],
    ],
  },
};

let context: AudioContext | undefined;

/** The app's player. Also announces each play as a DOM event, which end-to-end tests count. */
export const playSound: SoundPlayer = (kind, settings) => {
  dispatchEvent(new CustomEvent('store-terminal:sound', { detail: { kind } }));
  const peak = Math.max(0.0002, (settings.volume / 100) * 0.5);
  if (settings.volume === 0) return;
  try {
    context ??= new AudioContext();
    if (context.state === 'suspended') void context.resume();
    const start = context.currentTime;
    const { wave, notes } = kind === 'new' ? NEW_ORDER[settings.sound] : OTHERS[kind];
    for (const [offset, frequency, length] of notes) {
      const osc = context.createOscillator();
      const gain = context.createGain();
      osc.type = wave;
      osc.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, start + offset);
      gain.gain.exponentialRampToValueAtTime(peak, start + offset + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + length);
      osc.connect(gain).connect(context.destination);
      osc.start(start + offset);
      osc.stop(start + offset + length + 0.02);
    }
  } catch {
    // No audio device: the banner, the title and the flashing cards still tell staff.
  }
};
