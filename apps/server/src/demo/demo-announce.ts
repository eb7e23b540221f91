import type { FastifyBaseLogger } from 'fastify';
import { DEMO_COMPANY } from './demo-layout.js';
import type { Demo } from './demo.js';

/**
 * Starts the demo at server start and says what happened. A demo that cannot start (a peer cannot
 * listen, its folder is not writable) is logged and the server starts without it.
 */
export async function announceDemo(demo: Demo, emptyStore: boolean, log: FastifyBaseLogger): Promise<void> {
  try {
    const outcome = await demo.start(emptyStore);
    if (outcome.state === 'seeded') {
      for (const user of outcome.users) {
        // Printed once, like the first super_admin's: stored only as an argon2id hash.
        log.warn(
          { username: user.username, company: DEMO_COMPANY },
          `Demo: created the ${user.role} "${user.username}" of the ${DEMO_COMPANY} company with the one-time password ${user.password}`,
        );
      }
      log.warn(
        `Demo: the ${DEMO_COMPANY} company's example jobs run every minute against built-in peers; remove them with \`npm run lis -- demo remove\` or the button on Employee Config (LIS_DEMO=off starts without them)`,
      );
    } else if (outcome.state === 'off' && outcome.companyExists) {
      log.warn(
        `LIS_DEMO is off (or DATABASE_URL is set) but the ${DEMO_COMPANY} company exists: its peers are not started and its jobs will fail; remove it with \`npm run lis -- demo remove\``,
      );
    }
  } catch (error) {
    log.error({ err: error }, 'Demo: could not start the example peers; the server runs without them');
    await demo.stopPeers().catch(() => undefined);
  }
}
