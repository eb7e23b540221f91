import type { FastifyBaseLogger } from 'fastify';
import { DEMO_COMPANY } from './demo-layout.js';
import type { DemoUserPassword } from './demo-seed.js';
import type { Demo } from './demo.js';

/**
 * Starts the demo at server start and says what happened. A demo that cannot start (a peer cannot
 * listen, its folder is not writable) is logged and the server starts without it. Answers the users it
 * seeded with their one-time passwords, for the first-start notice (never written to the log).
 */
export async function announceDemo(
  demo: Demo,
  emptyStore: boolean,
  log: FastifyBaseLogger,
): Promise<DemoUserPassword[]> {
  try {
    const outcome = await demo.start(emptyStore);
    if (outcome.state === 'seeded') {
      for (const user of outcome.users) {
        log.warn(
          { username: user.username, company: DEMO_COMPANY },
          `Demo: created the ${user.role} "${user.username}" of the ${DEMO_COMPANY} company; its one-time password is in the first-start notice on stderr`,
        );
      }
      log.warn(
        `Demo: the ${DEMO_COMPANY} company's example jobs run every minute against built-in peers; remove them with \`npm run lis -- demo remove\` or the button on Employee Config (LIS_DEMO=off starts without them)`,
      );
      return outcome.users;
    } else if (outcome.state === 'off' && outcome.companyExists) {
      log.warn(
        `LIS_DEMO is off (or DATABASE_URL is set) but the ${DEMO_COMPANY} company exists: its peers are not started and its jobs will fail; remove it with \`npm run lis -- demo remove\``,
      );
    }
  } catch (error) {
    log.error({ err: error }, 'Demo: could not start the example peers; the server runs without them');
    await demo.stopPeers().catch(() => undefined);
  }
  return [];
}
