/**
 * The new-order chime, synthesised with Web Audio: no audio file to ship, works offline. Two rising
 * tones, loud enough for a kitchen.
 */
let context: AudioContext | undefined;

export function playChime(): void {
  try {
    context ??= new AudioContext();
    if (context.state === 'suspended') void context.resume();
    const start = context.currentTime;
    for (const [offset, frequency] of [[0, 880], [0.18, 1175], [0.36, 1568]] as const) {
      const osc = context.createOscillator();
      const gain = context.createGain();
      osc.type = 'sine';
      osc.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, start + offset);
      gain.gain.exponentialRampToValueAtTime(0.4, start + offset + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.3);
      osc.connect(gain).connect(context.destination);
      osc.start(start + offset);
      osc.stop(start + offset + 0.32);
    }
  } catch {
    // No audio device: the flashing card still tells staff.
  }
}
