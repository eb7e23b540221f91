import { EXPECTATION_STATES, type ExpectationState } from '@lis/contracts';

/** A row's `expectation_state` (a string in the contract) when it is one the console knows. */
export function expectationStateOf(value: string | null | undefined): ExpectationState | undefined {
  return (EXPECTATION_STATES as readonly string[]).includes(value ?? '')
    ? (value as ExpectationState)
    : undefined;
}

/**
 * The hue of a state, the same on every screen: MISSING red, LATE orange, ON_TIME and RECOVERED green,
 * PENDING grey (antd's preset colour names, as a Tag takes them).
 */
export const EXPECTATION_COLORS: Record<ExpectationState, 'default' | 'green' | 'orange' | 'red'> = {
  PENDING: 'default',
  ON_TIME: 'green',
  LATE: 'orange',
  MISSING: 'red',
  RECOVERED: 'green',
};
