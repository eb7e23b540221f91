// A function server for the large-file benchmark: it reads the call as a stream (the server's own
// streamed JSON reader), keeps each input file's bytes in a temporary file and answers with every file
// echoed, its content base64-encoded as it is read — so a 1 GiB file crosses it without being held.
// The reference function server parses whole bodies (its limit is 64 MiB) and cannot be the peer here.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { base64Chunks, base64Sink } from '../../apps/server/src/adapters/json-http/base64-stream.js';
import { readStreamedJson } from '../../apps/server/src/adapters/json-http/streamed-json.js';

export interface EchoFunctionServer {
  url: string;
  close(): Promise<void>;
}

interface CallFile {
  file_name: string;
}

async function* answer(files: readonly CallFile[], folder: string): AsyncGenerator<Buffer> {
  yield Buffer.from(`{"status":"success","message":"${files.length} file(s) echoed","files":[`);
  for (const [index, file] of files.entries()) {
    const head = JSON.stringify({ file_name: file.file_name, kind: 'success' });
    yield Buffer.from(`${index ? ',' : ''}${head.slice(0, -1)},"content_base64":"`);
    for await (const text of base64Chunks(fs.createReadStream(path.join(folder, String(index)))))
      yield Buffer.from(text, 'latin1');
    yield Buffer.from('"}');
  }
  const results = files.map((file) => ({ status: 'S', message: 'echoed', file_name: file.file_name }));
  yield Buffer.from(`],"results":${JSON.stringify(results)}}`);
}

async function handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
  if (request.method !== 'POST' || !request.url?.includes('/functions/')) {
    response.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"not found"}');
    return;
  }
  const folder = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'lis-bench-echo-'));
  try {
    const writers: fs.WriteStream[] = [];
    const call = (await readStreamedJson(request, {
      sinkFor(at) {
        if (at.length !== 3 || at[0] !== 'files' || at[2] !== 'content_base64') return undefined;
        const writer = fs.createWriteStream(path.join(folder, String(at[1])));
        writers.push(writer);
        const sink = base64Sink(writer);
        return {
          write: (chunk) => sink.write(chunk),
          end: async () => {
            await sink.end();
            await new Promise<void>((resolve, reject) =>
              writer.end((error?: Error | null) => (error ? reject(error) : resolve())),
            );
          },
        };
      },
    })) as { files: CallFile[] };
    response.writeHead(200, { 'content-type': 'application/json' });
    await pipeline(answer(call.files, folder), response);
  } finally {
    await fs.promises.rm(folder, { recursive: true, force: true });
  }
}

export async function startEchoFunctionServer(): Promise<EchoFunctionServer> {
  const server = http.createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent)
        response
          .writeHead(500, { 'content-type': 'application/json' })
          .end(JSON.stringify({ message: String(error) }));
      else response.destroy();
    });
  });
  server.requestTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
