import { describe, expect, it } from 'vitest';

import { useMonitoringScene } from './support/monitoring-scene.js';
import { report, routesOf, sceneUsers, signInInThai, walk, type Finding } from './support/thai-walk.js';

/**
 * Issue 17 point 2 (support/thai-walk.ts): the super_admin's routes in Thai with the dialogs of the
 * configuration screens opened, half 2 of 2 (the routes at odd positions). It runs beside
 * thai-walk.e2e.ts and the other half: the walk in one file was the browser suite's longest (571 s).
 */
const scene = useMonitoringScene();

describe('the console in Thai, as super_admin (half 2 of 2)', () => {
  it('shows every route in Thai, dialogs included', async () => {
    const findings: Finding[] = [];

    const page = await signInInThai(scene, 'super_admin', sceneUsers(scene));
    const paths = routesOf(scene, 'super_admin').filter((_, index) => index % 2 === 1);
    await walk(page, 'super_admin', paths, findings);
    expect(findings, report(findings)).toEqual([]);
  }, 600_000);
});
