import type { Delivery } from './delivery.js';
import type { PipelineJob } from './pipeline-job.js';
import type { FileSource } from './source.js';

/**
 * The places the pipeline moves files between, built by the composition root
 * (composition/transfer-targets.ts): step 1 loads from the first source that serves the job, step 3
 * returns to the first delivery that serves it. The steps never branch on the kind of place.
 */
export class TransferTargets {
  constructor(private readonly places: { sources: readonly FileSource[]; deliveries: readonly Delivery[] }) {}

  sourceFor(job: PipelineJob): FileSource {
    const source = this.places.sources.find((candidate) => candidate.serves(job));
    if (!source) throw new Error(`no file source serves jobs of type ${job.config.legacy_type}`);
    return source;
  }

  deliveryFor(job: PipelineJob): Delivery {
    const delivery = this.places.deliveries.find((candidate) => candidate.serves(job));
    if (!delivery) throw new Error(`no delivery serves jobs of type ${job.config.legacy_type}`);
    return delivery;
  }
}
