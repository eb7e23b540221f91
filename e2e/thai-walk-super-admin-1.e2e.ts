import { describe, expect, it } from 'vitest';
import { settledLatinOnlyTexts, trackRequests } from './support/latin-only-texts.js';
import { useMonitoringScene } from './support/monitoring-scene.js';
import {
  report,
  routesOf,
  sceneUsers,
  signInInThai,
  withPlace,
  walk,
  type Finding,
} from './support/thai-walk.js';

/**
 * Issue 17 point 2 (support/thai-walk.ts): the super_admin's routes in Thai with the dialogs of the
 * configuration screens opened, half 1 of 2 (the routes at even positions, and the public
 * sign-in page). It runs beside
 * thai-walk.e2e.ts and the other half: the walk in one file was the browser suite's longest (571 s).
 */
const scene = useMonitoringScene();

describe('the console in Thai, as super_admin (half 1 of 2)', () => {
  it('shows every route in Thai, dialogs included', async () => {
    const findings: Finding[] = [];
    const { page: signIn } = await scene.suite.open({ language: 'th' });
    trackRequests(signIn);
    await signIn.goto('/auth/signin');
    findings.push(...withPlace(await settledLatinOnlyTexts(signIn), 'public /auth/signin'));
    const page = await signInInThai(scene, 'super_admin', sceneUsers(scene));
    const paths = routesOf(scene, 'super_admin').filter((_, index) => index % 2 === 0);
    await walk(page, 'super_admin', paths, findings);
    expect(findings, report(findings)).toEqual([]);
  }, 600_000);
});
