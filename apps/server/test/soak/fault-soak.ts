import { FAULT_KINDS, runTrial, type FaultKind, type TrialResult } from './fault-trial.js';
import { SeededRandom } from './seeded-random.js';
import { SoakWorld } from './soak-world.js';

export interface SoakOptions {
  database: 'sqlite' | 'postgres';
  trials: number;
  seed: number;
  /** 'cycle': every kind in turn (the CI slice covers each); 'random': kinds drawn from the seed. */
  order: 'cycle' | 'random';
  kinds?: readonly FaultKind[];
  /** Told of each trial as it ends (progress). */
  onTrial?: (result: TrialResult) => void;
}

export interface SoakReport {
  database: string;
  seed: number;
  trials: number;
  faults: Record<string, number>;
  violations: Array<{ trial: number; kind: FaultKind; point: string; violation: string }>;
  runs: number;
  files: number;
  ms: number;
  results: TrialResult[];
}

/**
 * Runs `trials` fault trials on one world and collects what the oracle found. The same seed gives the
 * same files, faults and fault points (timing still varies with the machine), so a violation replays.
 */
export async function runSoak(options: SoakOptions): Promise<SoakReport> {
  const started = Date.now();
  const kinds = options.kinds ?? FAULT_KINDS;
  const world = await SoakWorld.create(options.database);
  const random = new SeededRandom(options.seed);
  const results: TrialResult[] = [];
  try {
    for (let index = 0; index < options.trials; index++) {
      const kind =
        options.order === 'cycle' ? (kinds[index % kinds.length] as FaultKind) : random.pick(kinds);
      let result: TrialResult;
      try {
        result = await runTrial(world, random, index, kind);
      } catch (error) {
        // A trial that cannot even finish its recovery is a violation too (something stuck).
        const message = error instanceof Error ? error.message : String(error);
        result = {
          index,
          kind,
          point: '-',
          files: 0,
          runs: 0,
          violations: [`the trial failed: ${message}`],
          ms: 0,
        };
      }
      results.push(result);
      options.onTrial?.(result);
    }
  } finally {
    await world.close();
  }
  const faults: Record<string, number> = {};
  for (const result of results) faults[result.kind] = (faults[result.kind] ?? 0) + 1;
  return {
    database: options.database,
    seed: options.seed,
    trials: results.length,
    faults,
    violations: results.flatMap((result) =>
      result.violations.map((violation) => ({
        trial: result.index,
        kind: result.kind,
        point: result.point,
        violation,
      })),
    ),
    runs: results.reduce((sum, result) => sum + result.runs, 0),
    files: results.reduce((sum, result) => sum + result.files, 0),
    ms: Date.now() - started,
    results,
  };
}
