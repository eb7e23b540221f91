import { FILENAME_SAMPLES_MAX } from '@lis/contracts';

/**
 * Spec 001 §5: a sample filename is added only when non-empty; a duplicate is silently ignored (so is
 * one past the server's limit of FILENAME_SAMPLES_MAX samples).
 */
export function addSample(samples: readonly string[], typed: string): readonly string[] {
  const name = typed.trim();
  if (!name || samples.includes(name) || samples.length >= FILENAME_SAMPLES_MAX) return samples;
  return [...samples, name];
}

export function removeSample(samples: readonly string[], name: string): readonly string[] {
  return samples.filter((sample) => sample !== name);
}
