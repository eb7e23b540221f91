import {
  convert,
  ConverterError,
  detectEncoding,
  type ConverterErrorCode,
  type ConverterErrorValues,
  type ConverterResult,
  type ConverterSetting,
  type TextEncodingName,
} from '@lis/converter';

/** What a conversion needs: the files as the browser holds them, and one setting. */
export interface ConversionRequest {
  files: { file_name: string; blob: Blob }[];
  setting: ConverterSetting;
}

export interface ConversionOutput {
  result: ConverterResult;
  /** The encoding detected for each file, in the order of `result.data_list`. */
  encodings: TextEncodingName[];
}

/** A conversion's answer as it crosses from the worker: a ConverterError loses its class on the way. */
export type ConversionReply =
  | { ok: true; output: ConversionOutput }
  | { ok: false; error: { code: ConverterErrorCode; values: ConverterErrorValues } | { message: string } };

/** Reads and converts the files; the same code runs in the Web Worker and, without one, in the page. */
export async function runConversion({ files, setting }: ConversionRequest): Promise<ConversionReply> {
  try {
    const inputs = await Promise.all(
      files.map(async ({ file_name, blob }) => ({
        file_name,
        bytes: new Uint8Array(await blob.arrayBuffer()),
      })),
    );
    const result = convert(inputs, setting);
    return { ok: true, output: { result, encodings: inputs.map(({ bytes }) => detectEncoding(bytes)) } };
  } catch (error) {
    if (error instanceof ConverterError)
      return { ok: false, error: { code: error.code, values: error.values } };
    return { ok: false, error: { message: error instanceof Error ? error.message : String(error) } };
  }
}

/** Back on the page: the output, or the error rebuilt (a ConverterError again when it was one). */
export function unwrapReply(reply: ConversionReply): ConversionOutput {
  if (reply.ok) return reply.output;
  if ('code' in reply.error) throw new ConverterError(reply.error.code, reply.error.values);
  throw new Error(reply.error.message);
}
