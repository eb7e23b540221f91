/**
 * A minimal reader of a server-sent-events body (only what `GET /v1/events` sends): calls `onEvent`
 * with each event's name ('message' when it has none). Comment lines and `retry:` are ignored.
 */
export async function readEventStream(
  body: ReadableStream<Uint8Array>,
  onEvent: (name: string) => void,
  signal?: AbortSignal,
): Promise<void> {
  const reader = body.getReader();
  signal?.addEventListener('abort', () => void reader.cancel().catch(() => undefined), { once: true });
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const name = eventName(buffer.slice(0, end));
      if (name) onEvent(name);
      buffer = buffer.slice(end + 2);
      end = buffer.indexOf('\n\n');
    }
  }
}

/** The name of one event block, or undefined when it carries no data (a comment or `retry:`). */
export function eventName(block: string): string | undefined {
  let name = 'message';
  let hasData = false;
  for (const line of block.split('\n')) {
    if (line.startsWith('event:')) name = line.slice(6).trim();
    else if (line.startsWith('data:')) hasData = true;
  }
  return hasData ? name : undefined;
}

/** Waits before reconnecting: 1 s, 2 s, 4 s … at most 30 s. */
export const reconnectDelay = (attempt: number) => Math.min(1000 * 2 ** attempt, 30_000);
