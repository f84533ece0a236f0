/**
 * SPEC §4: a short beep for a new notification. Synthesised (no audio file to download); a
 * browser that has not yet had a user gesture on the page may refuse to play it, which is fine.
 */
export function playChime(): void {
  const AudioContextClass =
    window.AudioContext ??
    (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!AudioContextClass) return;
  try {
    const context = new AudioContextClass();
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    const now = context.currentTime;
    oscillator.type = "sine";
    oscillator.frequency.setValueAtTime(880, now);
    gain.gain.setValueAtTime(0.0001, now);
    gain.gain.exponentialRampToValueAtTime(0.08, now + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + 0.2);
    oscillator.connect(gain).connect(context.destination);
    oscillator.onended = () => void context.close();
    oscillator.start(now);
    oscillator.stop(now + 0.22);
  } catch {
    // No audio device or autoplay refused: the toast and the count still tell the member.
  }
}
