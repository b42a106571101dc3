/**
 * A short three-tone beep made with WebAudio, so no sound file has to ship. Browsers only
 * let a page play sound after a user gesture: `primeAlertSound` creates the context on the
 * first click or key press (the login click usually), and the beep can play from then on.
 */
let context: AudioContext | null = null;

function audioContext(): AudioContext | null {
  if (context) return context;
  const Ctor =
    window.AudioContext ?? (window as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Ctor) return null;
  context = new Ctor();
  return context;
}

export function primeAlertSound(): () => void {
  const unlock = () => {
    const ctx = audioContext();
    if (ctx?.state === 'suspended') void ctx.resume();
  };
  window.addEventListener('pointerdown', unlock, { once: true });
  window.addEventListener('keydown', unlock, { once: true });
  return () => {
    window.removeEventListener('pointerdown', unlock);
    window.removeEventListener('keydown', unlock);
  };
}

export function playAlertBeep(): void {
  const ctx = audioContext();
  if (!ctx) return;
  if (ctx.state === 'suspended') void ctx.resume();
  const start = ctx.currentTime + 0.01;
  [880, 660, 880].forEach((frequency, i) => {
    const t0 = start + i * 0.22;
    const oscillator = ctx.createOscillator();
    const gain = ctx.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, t0);
    gain.gain.exponentialRampToValueAtTime(0.3, t0 + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, t0 + 0.18);
    oscillator.connect(gain).connect(ctx.destination);
    oscillator.start(t0);
    oscillator.stop(t0 + 0.2);
  });
}

/**
 * The escalation alarm (issue 10): louder and unlike the new-call beep — a harsh square wave
 * alternating high and low six times — so an overdue call is heard as such across the station.
 */
export function playEscalationAlarm(): void {
  const ctx = audioContext();
  if (!ctx) return;
  if (ctx.state === 'suspended') void ctx.resume();
  const start = ctx.currentTime + 0.01;
  for (let i = 0; i < 6; i++) {
    const t0 = start + i * 0.3;
    const oscillator = ctx.createOscillator();
    const gain = ctx.createGain();
    oscillator.type = 'square';
    oscillator.frequency.value = i % 2 === 0 ? 1175 : 587;
    gain.gain.setValueAtTime(0.0001, t0);
    gain.gain.exponentialRampToValueAtTime(0.6, t0 + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, t0 + 0.27);
    oscillator.connect(gain).connect(ctx.destination);
    oscillator.start(t0);
    oscillator.stop(t0 + 0.28);
  }
}
