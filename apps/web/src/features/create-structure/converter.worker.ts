import { runConversion, type ConversionRequest } from './conversion-job';

/** The part of a dedicated worker's global scope used here (the web tsconfig has the DOM lib only). */
interface WorkerScope {
  onmessage: ((event: MessageEvent<ConversionRequest>) => void) | null;
  postMessage(message: unknown): void;
}

const scope = globalThis as unknown as WorkerScope;

// One conversion per worker: the page starts a worker for each Create and ends it after the answer.
scope.onmessage = (event) => {
  void runConversion(event.data).then((reply) => scope.postMessage(reply));
};
