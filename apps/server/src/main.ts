#!/usr/bin/env node
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, helpText, loadConfig } from './config/config.js';
import { startServer } from './server.js';
import { DataFolderInUseError } from './platform/data-folder-lock.js';
import { DatabaseNewerThanCodeError } from './db/migration-guard.js';
import { FileStoreCheckError } from './engine/files/file-store.js';
import { runCronCommand } from './cli/cron-command.js';
import { runBackupCommand } from './cli/backup-command.js';
import { runDemoCommand } from './cli/demo-command.js';
import { runUserCommand } from './cli/user-command.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const packageJson = JSON.parse(fs.readFileSync(path.join(here, '..', 'package.json'), 'utf8')) as {
  version: string;
};

async function main(args: string[]): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(helpText());
    return 0;
  }
  if (args.includes('--version')) {
    process.stdout.write(`${packageJson.version}\n`);
    return 0;
  }
  if (args[0] === 'cron') {
    return runCronCommand(
      args.slice(1),
      (line) => process.stdout.write(`${line}\n`),
      (line) => process.stderr.write(`${line}\n`),
    );
  }
  if (args[0] === 'demo') {
    return runDemoCommand(
      args.slice(1),
      process.env,
      (line) => process.stdout.write(`${line}\n`),
      (line) => process.stderr.write(`${line}\n`),
    );
  }
  if (args[0] === 'user') {
    return runUserCommand(
      args.slice(1),
      process.env,
      (line) => process.stdout.write(`${line}\n`),
      (line) => process.stderr.write(`${line}\n`),
    );
  }
  if (args[0] === 'backup' || args[0] === 'restore') {
    return runBackupCommand(
      args[0],
      args.slice(1),
      process.env,
      packageJson.version,
      (line) => process.stdout.write(`${line}\n`),
      (line) => process.stderr.write(`${line}\n`),
    );
  }
  if (args.length) {
    process.stderr.write(`Unknown arguments: ${args.join(' ')}\n\n${helpText()}`);
    return 2;
  }
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\nRun with --help to see every variable.\n`);
      return 2;
    }
    throw error;
  }
  const webDist = path.resolve(here, '..', '..', 'web', 'dist');
  let server;
  try {
    server = await startServer(config, { version: packageJson.version, webDist });
  } catch (error) {
    if (
      error instanceof DataFolderInUseError ||
      error instanceof FileStoreCheckError ||
      error instanceof DatabaseNewerThanCodeError
    ) {
      process.stderr.write(`LIS could not start: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
  let stopping = false;
  const stop = async (signal: string) => {
    // `npm start` forwards Ctrl-C to this process, which also gets it from the terminal: one stop.
    if (stopping) return;
    stopping = true;
    server.log.info({ signal }, 'shutting down: runs in progress are handed back');
    try {
      await server.close();
      server.log.info('stopped');
      process.exit(0);
    } catch (error) {
      server.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  return -1;
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exit(code);
  },
  (error: unknown) => {
    process.stderr.write(
      `LIS could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  },
);
