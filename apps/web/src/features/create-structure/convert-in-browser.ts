import {
  runConversion,
  unwrapReply,
  type ConversionOutput,
  type ConversionReply,
  type ConversionRequest,
} from './conversion-job';

/**
 * Converts in a Web Worker, so that the page stays responsive while a 5 MB file is read and converted
 * (DESIGN §7: the file never leaves the browser). Where there is no Worker (jsdom in the component tests)
 * the same code runs in the page.
 */
export async function convertInBrowser(request: ConversionRequest): Promise<ConversionOutput> {
  if (typeof Worker === 'undefined') return unwrapReply(await runConversion(request));
  const worker = new Worker(new URL('./converter.worker.ts', import.meta.url), { type: 'module' });
  try {
    const reply = await new Promise<ConversionReply>((resolve, reject) => {
      worker.onmessage = (event: MessageEvent<ConversionReply>) => resolve(event.data);
      worker.onerror = (event) => reject(new Error(event.message || event.type));
      worker.postMessage(request);
    });
    return unwrapReply(reply);
  } finally {
    worker.terminate();
  }
}
