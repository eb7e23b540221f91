import type { Static, TSchema } from '@sinclair/typebox';
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';
import { RemoteCallError } from './remote-call-error.js';

/** A compiled check of an answer against its documented schema. */
export class ResponseShape<T extends TSchema> {
  private readonly check: TypeCheck<T>;

  constructor(
    readonly schema: T,
    private readonly name: string,
  ) {
    this.check = TypeCompiler.Compile(schema);
  }

  /** The value as typed, or INVALID_RESPONSE naming the first few problems (paths and expectations). */
  parse(value: unknown, shownUrl: string, status: number): Static<T> {
    if (this.check.Check(value)) return value;
    const problems = [...this.check.Errors(value)]
      .slice(0, 3)
      .map((error) => `${error.path || '/'} ${error.message}`.trim());
    throw new RemoteCallError(
      'INVALID_RESPONSE',
      `${shownUrl} answered a ${this.name} that does not match the contract: ${problems.join('; ')}`,
      { url: shownUrl, status },
    );
  }
}
