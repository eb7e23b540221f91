import { describe, expect, it } from 'vitest';
import { eventName, readEventStream, reconnectDelay } from './event-stream';

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      chunks.forEach((chunk) => controller.enqueue(encoder.encode(chunk)));
      controller.close();
    },
  });
}

describe('event stream', () => {
  it('names events split across chunks, skipping comments and retry lines', async () => {
    const names: string[] = [];
    await readEventStream(
      streamOf([
        'retry: 3000\n\n: keep-alive\n\nevent: ru',
        'ns\ndata: {}\n',
        '\ndata: x\r\n\r\nevent: runs\n',
      ]),
      (name) => names.push(name),
    );
    // The last block never ended: not an event yet.
    expect(names).toEqual(['runs', 'message']);
  });

  it('reads one block', () => {
    expect(eventName('event: runs\ndata: {"at":"x"}')).toBe('runs');
    expect(eventName(': keep-alive')).toBeUndefined();
  });

  it('waits longer after each failure, at most 30 s', () => {
    expect([0, 1, 2, 5, 10].map(reconnectDelay)).toEqual([1000, 2000, 4000, 30_000, 30_000]);
  });
});
