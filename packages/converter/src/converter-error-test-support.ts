import { ConverterError } from './converter-error.js';

/** The ConverterError that `action` throws; fails the test when it throws nothing or something else. */
export function converterErrorOf(action: () => unknown): ConverterError {
  try {
    action();
  } catch (error) {
    if (error instanceof ConverterError) return error;
    throw error;
  }
  throw new Error('expected a ConverterError, but nothing was thrown');
}
