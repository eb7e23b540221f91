import crypto from 'node:crypto';
import { SHARED_CALENDAR_COMPANY } from '@lis/contracts';
import { hashPassword } from '../modules/auth/password-hasher.js';
import type { Clock } from '../platform/clock.js';
import { DEMO_CHAIN, DEMO_EMAIL_TEMPLATES, DEMO_JOBS } from './demo-jobs.js';
import { DEMO_COMPANY, DEMO_COMPANY_NAME, DEMO_SERVERS, DEMO_SID, DEMO_USERS } from './demo-layout.js';
import type { DemoPeers, DemoSecrets } from './demo-peers.js';
import type { Services } from '../composition/services.js';
import { DEMO_WRITER } from './demo-layout.js';
import {
  TH_BANK_HOLIDAYS_DESCRIPTION,
  TH_BANK_HOLIDAYS_ICS,
  TH_BANK_HOLIDAYS_NAME,
} from './th-bank-holidays-ics.js';

/** The product's services the demo saves its configuration through. */
type DemoServices = Pick<
  Services,
  | 'companies'
  | 'users'
  | 'serverConfigs'
  | 'sftpServers'
  | 'apiServers'
  | 'dmsServers'
  | 'emailContents'
  | 'jobs'
  | 'chains'
  | 'calendars'
>;

export interface DemoUserPassword {
  username: string;
  role: string;
  /** Printed once, like the first super_admin's; stored only as an argon2id hash. */
  password: string;
}

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

/**
 * Points the demo company's sFTP, API and DMS server configurations at the running peers (their ports
 * are kept in data/demo/ports.json, but move when another program took one) with the peers'
 * credentials, through the product's services: secrets are sealed with the master key as when an
 * admin saves them. Adds a configuration that is missing.
 */
export async function saveDemoServers(services: DemoServices, peers: DemoPeers, secrets: DemoSecrets) {
  const { serverConfigs: serverRepo } = services;
  const mode = async (found: unknown) => ((await found) ? ('edit' as const) : ('add' as const));
  await services.sftpServers.save(
    {
      sid: DEMO_SID,
      companycode: DEMO_COMPANY,
      sftp_server_id: DEMO_SERVERS.sftp,
      sftp_ip: peers.sftp.host,
      sftp_port: peers.sftp.port,
      sftp_username: secrets.sftpUsername,
      sftp_password: secrets.sftpPassword,
    },
    await mode(serverRepo.getSftpServer(DEMO_COMPANY, DEMO_SERVERS.sftp)),
    DEMO_WRITER,
  );
  await services.apiServers.save(
    {
      sid: DEMO_SID,
      companycode: DEMO_COMPANY,
      api_serverid: DEMO_SERVERS.api,
      api_url_callfunction: peers.functions.url,
      api_username: secrets.functionUsername,
      api_password: secrets.functionPassword,
    },
    await mode(serverRepo.getApiServer(DEMO_COMPANY, DEMO_SERVERS.api)),
    DEMO_WRITER,
  );
  await services.dmsServers.save(
    {
      sid: DEMO_SID,
      companycode: DEMO_COMPANY,
      dms_serverid: DEMO_SERVERS.dms,
      dms_url: peers.dms.url,
      dms_token: secrets.dmsToken,
    },
    await mode(serverRepo.getDmsServer(DEMO_COMPANY, DEMO_SERVERS.dms)),
    DEMO_WRITER,
  );
}

/**
 * The Thai bank-holiday calendar, shared (`*`), imported from its .ics file through the console's own
 * import; a shared calendar of that name that is there already (an operator's) is kept as it is.
 */
export async function seedDemoCalendar(services: Pick<DemoServices, 'calendars'>): Promise<void> {
  const shared = await services.calendars.list({ company_code: SHARED_CALENDAR_COMPANY });
  if (shared.result_list.some((calendar) => calendar.name === TH_BANK_HOLIDAYS_NAME)) return;
  await services.calendars.importIcs(
    {
      company_code: SHARED_CALENDAR_COMPANY,
      name: TH_BANK_HOLIDAYS_NAME,
      description: TH_BANK_HOLIDAYS_DESCRIPTION,
      replace: false,
    },
    TH_BANK_HOLIDAYS_ICS,
    DEMO_WRITER,
  );
}

/**
 * Seeds the demo company: the company, its admin and operator (generated passwords, returned to be
 * printed once), the servers pointing at the peers, the Email Content templates, the shared Thai
 * bank-holiday calendar, the example jobs (one of them skips those holidays) and the chain. Everything goes through the services that the console's routes use.
 */
export async function seedDemo(
  services: DemoServices,
  clock: Clock,
  peers: DemoPeers,
  secrets: DemoSecrets,
): Promise<DemoUserPassword[]> {
  const now = clock.now();
  await services.companies.create(
    { sid: DEMO_SID, company_code: DEMO_COMPANY, company_name: DEMO_COMPANY_NAME, status: 'active' },
    now,
  );
  const passwords: DemoUserPassword[] = [];
  for (const user of DEMO_USERS) {
    if (await services.users.find(user.username)) continue;
    const password = crypto.randomBytes(18).toString('base64url');
    await services.users.create(
      {
        username: user.username,
        first_name: user.first_name,
        last_name: user.last_name,
        citizen_id: '',
        companies: [{ sid: DEMO_SID, company_code: DEMO_COMPANY, role_access: user.role_access }],
      },
      await hashPassword(password),
      now,
      { mustChangePassword: true },
    );
    passwords.push({ username: user.username, role: user.role_access, password });
  }
  await saveDemoServers(services, peers, secrets);
  await services.emailContents.save(
    DEMO_COMPANY,
    DEMO_EMAIL_TEMPLATES.map((template) => ({
      sid: DEMO_SID,
      company_code: DEMO_COMPANY,
      condition: template.condition,
      content_subject: base64(template.subject),
      content_body: base64(template.body),
    })),
    DEMO_WRITER,
  );
  await seedDemoCalendar(services);
  for (const job of DEMO_JOBS) await services.jobs.save(job, 'add', DEMO_WRITER);
  await services.chains.save(DEMO_CHAIN, 'insert', DEMO_WRITER);
  return passwords;
}
